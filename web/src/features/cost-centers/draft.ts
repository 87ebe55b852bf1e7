import { atom, useAtom, useSetAtom } from 'jotai'
import { useEffect, useState } from 'react'
import type { FormValues } from '../../lib/form-values.js'

/**
 * The cost center form a person left for the contact form (spec 001 §5: an owner who is no cloud
 * contact yet), by the form's path: what they typed, until they come back to it.
 */
const draftAtom = atom<{ path: string; values: FormValues } | undefined>(undefined)

/** Keeps the form's values while the person adds the missing contact. */
export const useKeepDraft = () => useSetAtom(draftAtom)

/** The values kept for the form at `path`, read once when it opens and then let go: a later visit starts afresh. */
export function useKeptDraft(path: string): FormValues | undefined {
  const [draft, setDraft] = useAtom(draftAtom)
  const [kept] = useState(() => (draft?.path === path ? draft.values : undefined))
  useEffect(() => {
    if (kept) setDraft(undefined)
  }, [kept, setDraft])
  return kept
}
