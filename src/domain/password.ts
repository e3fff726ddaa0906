// Password rules (issue "Customer accounts", Security): at least 8 characters and not among the commonest
// passwords. The list is the top of the common-password lists (NCSC's 100k, SecLists), lower-cased.

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;

const COMMON = new Set(
  `password 12345678 123456789 1234567890 qwerty123 qwertyuiop 11111111 00000000 password1 password123
  iloveyou 1q2w3e4r 1qaz2wsx abc12345 abcd1234 aa123456 sunshine princess football baseball welcome
  welcome1 letmein1 monkey123 dragon123 trustno1 superman starwars passw0rd p@ssw0rd 123123123 987654321
  qwertyui asdfghjk zxcvbnm1 qazwsxedc 1234qwer qwer1234 12341234 11223344 88888888 66666666 12121212
  liverpool chelsea arsenal1 manchester computer internet whatever freedom1 michael1 charlie1 jordan23
  shadow12 master12 michelle jennifer samantha corvette mercedes mustang1 harley12 maggie12 ashley12
  football1 basketball soccer12 hello123 hello1234 changeme secret123 admin123 administrator 123qweasd
  q1w2e3r4 zaq12wsx 1q2w3e4r5t 147258369 159753123 789456123 iloveyou1 lovely123 loveyou1 babygirl1
  pokemon1 naruto12 blink182 summer123 winter123 spring123 autumn123 sfoglia1 sfoglia123 pasta123
  spaghetti ravioli1 lasagne1 carbonara`.split(/\s+/),
);

export type PasswordProblem = 'TOO_SHORT' | 'TOO_LONG' | 'TOO_COMMON';

export function passwordProblem(password: string): PasswordProblem | null {
  // Characters are code points (NIST SP 800-63B): four emoji are four characters, not eight. The upper bound
  // stays in UTF-16 units, as the request schema's maxLength counts them.
  if ([...password].length < MIN_PASSWORD_LENGTH) return 'TOO_SHORT';
  if (password.length > MAX_PASSWORD_LENGTH) return 'TOO_LONG';
  const lower = password.toLowerCase();
  if (COMMON.has(lower) || /^(.)\1+$/u.test(password) || /^(0123456789|123456789|12345678)$/.test(password)) {
    return 'TOO_COMMON';
  }
  return null;
}

export const PASSWORD_MESSAGES: Record<PasswordProblem, string> = {
  TOO_SHORT: `Use at least ${MIN_PASSWORD_LENGTH} characters`,
  TOO_LONG: `Use at most ${MAX_PASSWORD_LENGTH} characters`,
  TOO_COMMON: 'That password is too common. Try a few words together',
};
