import { Type } from '@sinclair/typebox'
import type { CallDomain } from './types.js'

export const authCalls = {
  calls: {
    // spec 000 §7: the provider's token check, answering who the gateway says is signed in
    validateToken: {
      method: 'GET',
      role: 'viewer',
      path: 'auth/validate_token',
      summary: 'Who the call is made for',
      answer: Type.Object({ success: Type.Boolean(), data: Type.Object({ uid: Type.String() }) }),
    },
  },
} as const satisfies CallDomain
