import { describe, expect, it } from 'vitest';
import { passwordProblems, passwordStrength } from './password-policy.ts';

const petra = { username: 'customer', email: 'petra.muster@muster-baubedarf.example' };

describe('passwordProblems', () => {
  it.each([
    ['a long password of letters and digits', 'Lagerhalle7Nord', []],
    ['exactly ten characters', 'hafenkran9', []],
    ['letters and digits in any script', 'Überseekai42', []],
    ['nine characters', 'hafenkr9n', ['validation.password_too_short']],
    ['letters only', 'Lagerhallenord', ['validation.password_too_weak']],
    ['digits only', '31415926535', ['validation.password_too_weak']],
    ['short and letters only', 'kran', ['validation.password_too_short', 'validation.password_too_weak']],
    ['the username in it', 'Customer-2024', ['validation.password_personal']],
    ['the username in other case', 'MyCUSTOMER99', ['validation.password_personal']],
    ['the e-mail address', 'petra.muster@muster-baubedarf.example1', ['validation.password_personal']],
    ['the e-mail name', 'petra.muster77', ['validation.password_personal']],
    ['a listed password', 'Qwertz1234', ['validation.password_common']],
    ['a common word with digits and symbols', 'Passwort2024!', ['validation.password_common']],
    ['a common word spelt with symbols', 'P@ssw0rd1234', ['validation.password_common']],
    ['a season and a year', 'Sommer20242024', ['validation.password_common']],
    ['more than 200 characters', `a1${'x'.repeat(199)}`, ['validation.too_long']],
  ])('%s', (_name, password, expected) => {
    expect(passwordProblems(password, petra)).toEqual(expected);
  });

  it('ignores a username or e-mail name too short to mean anything', () => {
    expect(passwordProblems('Lagerhalle7ab', { username: 'ab', email: 'ab@example.com' })).toEqual([]);
  });
});

describe('passwordStrength', () => {
  it.each([
    ['empty', '', 0],
    ['a listed password', 'qwertz1234', 0],
    ['the username in it', 'customer12345', 0],
    ['refused by the policy: too short', 'kran7', 1],
    ['refused by the policy: no digit', 'Lagerhallenordkai', 1],
    ['accepted, plain', 'hafenkran9', 2],
    ['accepted, three kinds of characters', 'Hafenkran9', 3],
    ['accepted, 14 characters', 'hafenkran9nord', 3],
    ['16 characters with three kinds', 'Hafenkran9-Nordkai', 4],
    ['20 characters', 'hafenkran9nordkaisued', 4],
    ['a long run of one character counts once', 'aaaaaaaaaaaaaaaaaaaa1', 2],
  ])('%s → %i', (_name, password, score) => {
    expect(passwordStrength(password, petra)).toBe(score);
  });

  it('scores every accepted password 2 or more and every refused one 1 or less', () => {
    const samples = ['hafenkran9', 'kran7', 'Lagerhalle7Nord', 'customer1234', 'Passwort2024!', 'x1'.repeat(6), '1234567890', 'Überseekai42'];
    for (const password of samples) {
      const accepted = passwordProblems(password, petra).length === 0;
      expect(passwordStrength(password, petra) >= 2, password).toBe(accepted);
    }
  });
});
