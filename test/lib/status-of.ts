/**
 * The status of an answer whose body the test does not read: read it anyway, so the connection is
 * free again. An answer left unread holds its socket, and the server's close() then waits for it
 * (a minute, past undici's keep-alive) instead of ending at once.
 */
export async function statusOf(answer: Response | Promise<Response>): Promise<number> {
  const response = await answer
  await response.arrayBuffer()
  return response.status
}
