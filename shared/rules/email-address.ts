/**
 * Whether a text is one email address: the check of the upstream's validator (ajv-formats' email),
 * so the forms, the upstream's rules and its mail all agree on what can be written to.
 */
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i

export function isEmailAddress(text: string): boolean {
  return text.length <= 254 && EMAIL.test(text)
}
