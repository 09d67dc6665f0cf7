/**
 * Which of electronegativity's findings stop `npm test`: every finding of MEDIUM severity or above, unless a person
 * reviewed that exact line and wrote down why it is safe. Kept apart from the runner so that it can be tested.
 */

/** A finding as printed and reported, flattened from electronegativity's issue objects. */
export interface Finding {
  check: string;
  /** Relative to the scanned root, or `N/A` for app-wide findings. */
  file: string;
  line: number;
  column: number;
  /** The source line, trimmed. */
  sample: string;
  severity: string;
  confidence: string;
  manualReview: boolean;
  description: string;
  url: string;
}

/**
 * A finding looked at and accepted, for code where an `eng-disable` comment cannot go (another team's file). It
 * names the exact line, so changing that line makes the finding count again until someone reviews it anew.
 */
export interface Review {
  check: string;
  file: string;
  /** The line's text, trimmed, as electronegativity shows it. */
  sample: string;
  why: string;
}

export const SEVERITIES = ['INFORMATIONAL', 'LOW', 'MEDIUM', 'HIGH'] as const;

/** MEDIUM and above block; a severity this script does not know blocks too, rather than slip through. */
export function isBlockingSeverity(severity: string): boolean {
  const rank = SEVERITIES.indexOf(severity.toUpperCase() as (typeof SEVERITIES)[number]);
  return rank === -1 || rank >= SEVERITIES.indexOf('MEDIUM');
}

export interface Verdict {
  blocking: Finding[];
  reviewed: { finding: Finding; why: string }[];
  belowThreshold: Finding[];
  /** Reviews that matched nothing: the line changed or went away, and the entry can go. */
  unusedReviews: Review[];
}

function matches(review: Review, finding: Finding): boolean {
  return review.check === finding.check && review.file === finding.file && review.sample === finding.sample;
}

export function judge(findings: readonly Finding[], reviews: readonly Review[]): Verdict {
  const verdict: Verdict = { blocking: [], reviewed: [], belowThreshold: [], unusedReviews: [] };
  const used = new Set<Review>();
  for (const finding of findings) {
    if (!isBlockingSeverity(finding.severity)) {
      verdict.belowThreshold.push(finding);
      continue;
    }
    const review = reviews.find((candidate) => matches(candidate, finding));
    if (review) {
      used.add(review);
      verdict.reviewed.push({ finding, why: review.why });
    } else {
      verdict.blocking.push(finding);
    }
  }
  verdict.unusedReviews = reviews.filter((review) => !used.has(review));
  return verdict;
}

/** The shape electronegativity returns (only the fields read here). */
export interface RawIssue {
  id: string;
  file: string;
  sample?: string;
  location?: { line?: number; column?: number };
  description?: string;
  severity?: { name?: string };
  confidence?: { name?: string };
  manualReview?: boolean;
  shortenedURL?: string;
}

export function toFinding(issue: RawIssue): Finding {
  return {
    check: issue.id,
    file: issue.file.split('\\').join('/'),
    line: issue.location?.line ?? 0,
    column: issue.location?.column ?? 0,
    sample: (issue.sample ?? '').trim(),
    severity: issue.severity?.name ?? 'UNKNOWN',
    confidence: issue.confidence?.name ?? 'UNKNOWN',
    manualReview: issue.manualReview ?? false,
    description: issue.description ?? '',
    url: issue.shortenedURL ?? '',
  };
}

export function formatFinding(finding: Finding): string {
  const where = finding.line > 0 ? `${finding.file}:${finding.line}:${finding.column}` : finding.file;
  const review = finding.manualReview ? ', review required' : '';
  const sample = finding.sample ? `\n      ${finding.sample}` : '';
  return `${finding.severity}/${finding.confidence}${review} ${finding.check} at ${where}: ${finding.description} (${finding.url})${sample}`;
}

/** An `eng-disable` comment in the scanned source. */
export interface Silencing {
  file: string;
  line: number;
  checks: string[];
  /** The text after the check names, which must say why. */
  why: string;
  /** What is wrong with it, if anything: no reason given, or a directive that silences a whole file. */
  problem?: string;
}

// As electronegativity reads it (src/util/exceptions.js): check names are the word characters after the directive.
const DIRECTIVE = /(?:\/\*|\/\/|<!--)[ \t]*eng-disable[ \t]+([\w \t]+)(.*)$/i;

/**
 * Every `eng-disable` in a file, with its justification: the text after a colon or dash following the check
 * names, at least a few words. On a file's first line the directive silences the whole file, which is refused.
 */
export function findSilencings(file: string, text: string): Silencing[] {
  const found: Silencing[] = [];
  text.split('\n').forEach((source, index) => {
    const match = DIRECTIVE.exec(source);
    if (!match) return;
    const checks = (match[1] ?? '').trim().split(/[ \t]+/);
    const rest = (match[2] ?? '').replace(/\*\/.*$|-->.*$/, '').trim();
    const why = /^[:\u2014-]\s*(.*)$/.exec(rest)?.[1]?.trim() ?? '';
    const silencing: Silencing = { file, line: index + 1, checks, why };
    if (index === 0) silencing.problem = 'on the first line it silences the whole file; put it on the line it is for';
    else if (why.length < 10) silencing.problem = 'no justification: write why after a colon, on the same line';
    found.push(silencing);
  });
  return found;
}
