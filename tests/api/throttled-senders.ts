// Senders of the forms that are throttled per client address and per e-mail address (signup, contact):
// each test sends as its own client address and e-mail address, so one test's requests never count
// against another's.

/** Client addresses of their own (10.x.y.z) and e-mail addresses of their own, numbered per test file. */
export function throttledSenders() {
  let ipSequence = 0;
  let emailSequence = 0;
  return {
    newIp: () => {
      const n = ++ipSequence;
      return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    },
    newEmail: (name: string) => `${name}-${++emailSequence}@firma.example`,
  };
}
