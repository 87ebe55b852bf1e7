/**
 * Whether a text is one email address: ajv-formats' email pattern, at most 254 characters (RFC 5321's
 * path). The one rule: the upstream's validator (its `email` format), the web's forms, the gateway
 * and the mail all check with it, so they agree on what can be written to.
 */
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i

export function isEmailAddress(text: string): boolean {
  return text.length <= 254 && EMAIL.test(text)
}

/**
 * What a text that is no email address (a name, a list, a typo) is told, in the words of the field
 * it fills, with the text when one is shown: 'send_to is not an email address'.
 */
export function notAnEmailAddress(label: string, text?: string): string {
  return text === undefined ? `${label} is not an email address` : `${label}: "${text}" is not an email address`
}
