/**
 * The known name closest to one that is not known, for a "did you mean": by edit distance (a letter added, dropped,
 * changed or two swapped), ignoring case, and only where it is close enough to be a slip rather than another word
 * (at most a third of the name's letters, and at most 3).
 */
export function closestName(unknown: string, known: readonly string[]): string | undefined {
  const wanted = unknown.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(wanted, name.toLowerCase());
    if (!best || distance < best.distance) best = { name, distance };
  }
  const allowed = Math.min(3, Math.max(1, Math.floor(unknown.length / 3)));
  return best && best.distance <= allowed ? best.name : undefined;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbours. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = rows[i]!;
      const above = rows[i - 1]!;
      row[j] = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
      }
    }
  }
  return rows[a.length]![b.length]!;
}
