/**
 * One rule for every failure toast (issue 26 item 17, issue 39 item 8): the spec's text alone, the
 * server's reason on its own line beneath it, through one helper; the spec's duplicate texts are
 * whole messages, shown alone.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { MESSAGES } from '../../shared/messages.js'
import { getResource } from '../../shared/resources/index.js'
import { ApiError, logFailure } from '../../web/src/lib/api-client.js'
import { failureToastText } from '../../web/src/lib/write-texts.js'

const refusal = (status: number, error: string) => new ApiError(status, { error, statusCode: status }, error)

t.test("the spec's sentence verbatim and alone, the server's reason on its own line beneath it (issue 39 item 8)", async (t) => {
  t.equal(
    failureToastText(MESSAGES.actionFailed, refusal(502, 'smtp down')),
    'There was a problem with this action. Please try again later\nReason: smtp down',
  )
  t.equal(
    failureToastText(MESSAGES.memberUpdateFailed, new Error('boom')),
    'Something went wrong. Please reach out to the CCOE Team\nReason: boom',
  )
  t.equal(
    failureToastText(MESSAGES.workbookUploadFailed, new Error('Row 2: no amount')),
    `${MESSAGES.workbookUploadFailed}\nReason: Row 2: no amount`,
  )
  t.equal(
    failureToastText(MESSAGES.sapUploadFailed, refusal(422, 'not a zip')),
    `${MESSAGES.sapUploadFailed}\nReason: not a zip`,
    'a text the spec cuts off stays as the spec writes it',
  )
  t.equal(
    failureToastText(MESSAGES.networkUploadFailed, refusal(422, 'Row 3: no network')),
    'There was a problem uploading the file. Please try again. Error message: Row 3: no network',
    "spec 001 §8: the network upload's 'Error message: ' is followed by the server's error",
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
    'Please try again.\nReason: Name "X" already exists',
    'a generic duplicate is a reason: beneath the text',
  )
  t.equal(
    failureToastText('Please try again.', refusal(400, MESSAGES.duplicateIdentifier)),
    `Please try again.\nReason: ${MESSAGES.duplicateIdentifier}`,
    'only a 409 is a duplicate',
  )
})

t.test('issue 39 item 19: an answered refusal is one console line, not an error; a fault is an error', async (t) => {
  const info = t.capture(console, 'info')
  const error = t.capture(console, 'error')
  logFailure('/api/customers', refusal(409, 'Customer name: "X" exists'))
  logFailure('POST /api/account/create', refusal(422, 'Account Email must be an email address'))
  const down = refusal(502, 'Upstream unavailable')
  logFailure('/api/departments', down)
  const offline = new ApiError(0, undefined, 'Network error: offline')
  logFailure('/api/departments', offline)
  t.strictSame(
    info().map((c) => c.args),
    [
      ['[api] /api/customers: 409 Customer name: "X" exists'],
      ['[api] POST /api/account/create: 422 Account Email must be an email address'],
    ],
  )
  t.strictSame(
    error().map((c) => c.args),
    [
      ['[api] /api/departments:', down],
      ['[api] /api/departments:', offline],
    ],
  )
})

t.test('no console.error of a failed call outside logFailure', async (t) => {
  const own = sources('web/src').filter((file) => !file.endsWith('api-client.ts') && /console\.error\(/.test(readFileSync(file, 'utf8')))
  t.strictSame(own, [])
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
