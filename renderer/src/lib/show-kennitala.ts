import { formatKennitala, KENNITALA_DIGITS_PATTERN } from '../../../common/kennitala.ts';

/** `120385-2089` for 10 digits; a masked one (`120385-****`) as it is. */
export const showKennitala = (value: string): string =>
  KENNITALA_DIGITS_PATTERN.test(value) ? formatKennitala(value) : value;
