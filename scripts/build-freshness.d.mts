export function needsBuild(root: string): boolean
export function markBuilt(root: string): void
