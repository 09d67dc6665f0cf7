import { describe, expect, it } from 'vitest';
import { closestName } from '../../common/did-you-mean.ts';

const KEYS = ['productName', 'appId', 'publisher', 'showBankCalls', 'shipLocalSandbox', 'homepage', 'scopes'];

describe('did you mean', () => {
  it('finds the key meant by a slip: a letter dropped, added, changed, two swapped, another case', () => {
    expect(closestName('showBankCall', KEYS)).toBe('showBankCalls');
    expect(closestName('prodcutName', KEYS)).toBe('productName');
    expect(closestName('publisherr', KEYS)).toBe('publisher');
    expect(closestName('appID', KEYS)).toBe('appId');
    expect(closestName('homepag', KEYS)).toBe('homepage');
  });

  it('guesses nothing for a word that is not a slip of a known one', () => {
    expect(closestName('colour', KEYS)).toBeUndefined();
    expect(closestName('id', KEYS)).toBeUndefined();
    expect(closestName('x', [])).toBeUndefined();
  });
});
