export const SUPPORTED_MAJOR: number
export function nodeVersionProblem(version: string): string | undefined
