/**
 * One rule for every failure toast (issue 26 item 17): the spec's text, then the server's reason,
 * through one helper; the spec's duplicate texts are whole messages, shown alone.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { MESSAGES } from '../../shared/messages.js'
import { getResource } from '../../shared/resources/index.js'
import { ApiError } from '../../web/src/lib/api-client.js'
import { failureToastText } from '../../web/src/lib/write-texts.js'

const refusal = (status: number, error: string) => new ApiError(status, { error, statusCode: status }, error)

t.test("the spec's text, then the server's reason", async (t) => {
  t.equal(
    failureToastText(MESSAGES.workbookUploadFailed, new Error('Row 2: no amount')),
    `${MESSAGES.workbookUploadFailed} Row 2: no amount`,
  )
  t.equal(
    failureToastText(MESSAGES.actionFailed, refusal(502, 'The mail server did not answer')),
    'There was a problem with this action. Please try again later… The mail server did not answer',
    'a text without a full stop is set apart from the reason',
  )
  t.equal(failureToastText(undefined, refusal(409, 'In use')), 'In use', 'no text: the reason alone')
})

t.test("a duplicate: the spec's duplicate text alone, never after 'Please try again.'", async (t) => {
  const costCenters = getResource('cost_centers')
  t.equal(failureToastText(costCenters.messages.createFailed, refusal(409, MESSAGES.duplicateIdentifier)), MESSAGES.duplicateIdentifier)
  const customers = getResource('customers')
  const taken = MESSAGES.customerNameExists.replace('{value}', 'Gaming Central')
  t.equal(failureToastText(customers.messages.createFailed, refusal(409, taken)), taken, 'a duplicate text with its value')
  t.equal(
    failureToastText('Please try again.', refusal(409, 'Name "X" already exists')),
    'Please try again. Name "X" already exists',
    'a generic duplicate is a reason: after the text',
  )
  t.equal(
    failureToastText('Please try again.', refusal(400, MESSAGES.duplicateIdentifier)),
    `Please try again. ${MESSAGES.duplicateIdentifier}`,
    'only a 409 is a duplicate',
  )
})

/** every .ts/.tsx file under web/src */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  )
}

t.test('every failed call toasts through toastFailure: no catch composes or drops the reason itself', async (t) => {
  const own = sources('web/src').flatMap((file) => {
    const text = readFileSync(file, 'utf8')
    // a catch block (or .catch handler) that calls toastError: the reason is dropped or glued by hand
    const found = [...text.matchAll(/catch\s*(\([^)]*\)\s*)?\{[^}]*toastError\(|\.catch\([^)]*=>\s*toastError\(/g)]
    return found.map(() => file)
  })
  t.strictSame(own, [], 'failed calls use toastFailure(text, err)')
})
