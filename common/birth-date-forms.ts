/** A kennitala's birth date as people write it: what no passcode or passphrase may be made of (passcode-rules.ts). */

/** The 9th digit of a kennitala's last four is a check digit; the 10th gives the century (8: 1800s, 9: 1900s, 0: 2000s). */
const CENTURIES: Record<string, string> = { '8': '18', '9': '19', '0': '20' };

/**
 * The ways a kennitala's birth date is written as digits: DDMMYY, DDMMYYYY, YYMMDD, YYYYMMDD, MMDDYY and MMDDYYYY
 * (the century from the kennitala's last digit; every one where only DDMMYY is known), and the whole kennitala.
 */
export function birthDateForms(kennitala: string): string[] {
  const match = /^(\d\d)(\d\d)(\d\d)(\d{4})?/.exec(kennitala);
  if (!match) return [];
  const [, day = '', month = '', year = '', rest] = match;
  const century = rest === undefined ? undefined : CENTURIES[rest[3] ?? ''];
  const centuries = century ? [century] : Object.values(CENTURIES);
  const forms = [`${day}${month}${year}`, `${year}${month}${day}`, `${month}${day}${year}`];
  for (const hundreds of centuries) {
    const full = `${hundreds}${year}`;
    forms.push(`${day}${month}${full}`, `${full}${month}${day}`, `${month}${day}${full}`);
  }
  if (rest !== undefined) forms.push(`${day}${month}${year}${rest}`);
  return forms;
}
