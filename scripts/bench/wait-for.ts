/**
 * Waits (up to 60 s) until `url` answers with anything below 500: a server just started by a bench. The
 * gateway opens the IdP's own PGlite as it starts, which takes over 20 s on a loaded machine.
 */
export async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).status < 500) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} never answered`)
}
