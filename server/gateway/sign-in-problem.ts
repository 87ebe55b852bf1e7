import type { FastifyReply, FastifyRequest } from 'fastify'
import { safeReturnTo } from './return-to.js'

/** Seconds a browser is told to wait before trying the identity provider again. */
export const SIGN_IN_RETRY_AFTER_SECONDS = 30

/** Every way a sign-in (or a session the IdP ends) can fail in front of a person. */
export type SignInProblem =
  | 'unavailable'
  | 'idp-refused'
  | 'no-sign-in'
  | 'mismatch'
  | 'portal-refused'
  | 'clock-skew'
  | 'email-unverified'
  | 'session-ended'
  | 'failed'

interface ProblemText {
  status: number
  /** the JSON answer's `error`, for scripts (the texts tests and clients already know) */
  error: string
  title: string
  /** what happened and what to do, in plain words */
  advice: string
}

const PROBLEMS: Record<SignInProblem, ProblemText> = {
  unavailable: {
    status: 503,
    error: 'Sign-in unavailable',
    title: 'Sign-in is unavailable right now',
    advice: "The company's sign-in service is not answering. Nothing is wrong with your account: please try again in a moment.",
  },
  'idp-refused': {
    status: 403,
    error: 'The sign-in service did not sign you in.',
    title: 'You were not signed in',
    advice:
      "The company's sign-in service did not sign you in. If you cancelled, try again; if it refused you, ask the CCoE team for access.",
  },
  'no-sign-in': {
    status: 400,
    error: 'No sign-in in progress. Start again from the portal.',
    title: 'No sign-in in progress',
    advice: 'This sign-in has expired, was already used, or was started in another browser. Start again from the portal.',
  },
  mismatch: {
    status: 400,
    error: 'Sign-in failed. Start again from the portal.',
    title: 'Sign-in could not be completed',
    advice:
      'The answer of the sign-in service does not belong to the sign-in this browser started (an old page, or another tab). Start again.',
  },
  'portal-refused': {
    status: 502,
    error: 'Sign-in failed. Start again from the portal.',
    title: 'The portal could not complete your sign-in',
    advice:
      "The company's sign-in service refused the portal's request. Nothing is wrong with your account: try again later, and tell the CCoE team if it happens again.",
  },
  'clock-skew': {
    status: 502,
    error: 'Sign-in failed. Start again from the portal.',
    title: 'The portal could not complete your sign-in',
    advice:
      "The clocks of the portal and of the company's sign-in service disagree. Try again in a minute, and tell the CCoE team if it happens again.",
  },
  'email-unverified': {
    status: 403,
    error: 'Your email address is not verified. Ask the CCoE team for access.',
    title: 'Your email address is not verified',
    advice: 'The sign-in service has not verified your email address, so the portal cannot know it is yours. Ask the CCoE team for access.',
  },
  'session-ended': {
    status: 401,
    error: "Your session was ended by the company's sign-in service. Sign in again.",
    title: 'Your session has ended',
    advice:
      "The company's sign-in service ended your session: you signed out elsewhere, or your account or access changed. Sign in again to continue.",
  },
  failed: {
    status: 400,
    error: 'Sign-in failed. Start again from the portal.',
    title: 'Sign-in failed',
    advice: 'Something went wrong while signing you in. Start again, and tell the CCoE team if it happens again.',
  },
}

/** The JSON a script gets for a problem: `{error, statusCode}`, as every other refusal. */
export function signInProblemAnswer(problem: SignInProblem): { error: string; statusCode: number } {
  return { error: PROBLEMS[problem].error, statusCode: PROBLEMS[problem].status }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/**
 * The page a person sees: the reason in plain words, a way to try again and the request id to quote,
 * never a stack or an address. A page of its own (no script, the gateway's CSP allows inline styles
 * only), because the portal's app cannot load a session that cannot start.
 */
export function signInProblemPage(problem: SignInProblem, retryHref: string, requestId: string): string {
  const { title, advice } = PROBLEMS[problem]
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - CCoE Portal</title>
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f6f7f9; color: #1c2127; margin: 0; }
  main { max-width: 28rem; margin: 15vh auto; padding: 2rem; background: #fff; border-radius: 4px; box-shadow: 0 0 0 1px rgba(17,20,24,.1), 0 1px 1px rgba(17,20,24,.2); }
  h1 { font-size: 1.25rem; margin: 0 0 .75rem; }
  p { line-height: 1.5; margin: 0 0 1.25rem; color: #404854; }
  a { display: inline-block; margin-right: .75rem; padding: .45rem .9rem; border-radius: 2px; text-decoration: none; }
  .primary { background: #2d72d2; color: #fff; }
  .secondary { color: #215db0; }
  .reference { margin: 1.25rem 0 0; font-size: .8rem; color: #5f6b7c; }
</style>
</head>
<body>
<main role="alert">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(advice)}</p>
<a class="primary" href="${escapeHtml(retryHref)}">Try again</a><a class="secondary" href="/unauth/home">Back to the welcome page</a>
<p class="reference">Request id: ${escapeHtml(requestId)}</p>
</main>
</body>
</html>
`
}

/**
 * Answers a sign-in problem: the page to a browser, `{error, statusCode}` to a client that did not
 * ask for HTML (a script). `returnTo` is where Try again leads after signing in.
 */
export function sendSignInProblem(request: FastifyRequest, reply: FastifyReply, problem: SignInProblem, returnTo?: string) {
  const { status } = PROBLEMS[problem]
  reply.code(status).header('cache-control', 'no-store')
  if (problem === 'unavailable') reply.header('retry-after', String(SIGN_IN_RETRY_AFTER_SECONDS))
  if (!request.headers.accept?.includes('text/html')) return reply.send(signInProblemAnswer(problem))
  const retry = `/oidc/login?returnTo=${encodeURIComponent(safeReturnTo(returnTo))}`
  return reply.type('text/html; charset=utf-8').send(signInProblemPage(problem, retry, request.id))
}
