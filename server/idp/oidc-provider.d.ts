/**
 * oidc-provider 9 ships no types and @types/oidc-provider stops at 8: this names only what
 * server/idp uses, loosely, so a wrong call still fails the typecheck where it matters.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export interface InteractionDetails {
    uid: string
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> }
    params: Record<string, unknown> & { client_id?: string; scope?: string; resource?: string | string[] }
    session?: { accountId: string }
    grantId?: string
  }

  export interface GrantInstance {
    addOIDCScope(scope: string): void
    addOIDCClaims(claims: string[]): void
    addResourceScope(resource: string, scope: string): void
    save(): Promise<string>
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>)
    proxy: boolean
    readonly issuer: string
    Grant: {
      new (properties: { accountId: string; clientId: string }): GrantInstance
      find(id: string): Promise<GrantInstance | undefined>
    }
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>
    on(event: string, listener: (...args: unknown[]) => void): this
  }

  export const errors: Record<string, new (description?: string) => Error>
}
