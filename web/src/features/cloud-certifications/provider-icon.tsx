import type { ReactNode } from 'react'

const NAMES = { aws: 'AWS', gcp: 'GCP', azure: 'Azure' } as const

// small marks in each provider's colours, drawn here (no third-party logo files)
const MARKS: Record<keyof typeof NAMES, ReactNode> = {
  aws: (
    <>
      <text x="12" y="12" textAnchor="middle" fontSize="9" fontWeight="700" fill="currentColor" fontFamily="Arial, sans-serif">
        aws
      </text>
      <path d="M4 16 Q12 21 20 16" stroke="#FF9900" strokeWidth="2" fill="none" strokeLinecap="round" />
      <path d="M17.5 14.8 L20.4 15.8 L19.6 18.8" stroke="#FF9900" strokeWidth="1.6" fill="none" strokeLinecap="round" />
    </>
  ),
  gcp: (
    <>
      <path d="M7 18 H17 A4 4 0 0 0 17 10" stroke="#34A853" strokeWidth="2.4" fill="none" />
      <path d="M17 10 A6 6 0 0 0 7.4 8.6" stroke="#EA4335" strokeWidth="2.4" fill="none" />
      <path d="M7.4 8.6 A4.6 4.6 0 0 0 7 18" stroke="#FBBC05" strokeWidth="2.4" fill="none" />
      <circle cx="12" cy="14" r="1.8" fill="#4285F4" />
    </>
  ),
  azure: (
    <>
      <path d="M10.5 3 L3 20 H8.5 L14 8 Z" fill="#0089D6" />
      <path d="M14.5 9.5 L11 17 L15 20 H21 Z" fill="#0072C6" />
    </>
  ),
}

/** The certified cloud as its provider's icon (spec 001 §2), named for assistive technology and on hover. */
export function ProviderIcon({ provider }: { provider: unknown }) {
  const key = typeof provider === 'string' ? (provider.toLowerCase() as keyof typeof NAMES) : undefined
  if (!key || !(key in NAMES)) return <span>{typeof provider === 'string' ? provider : ''}</span>
  return (
    <svg className="provider-icon" width="24" height="24" viewBox="0 0 24 24" role="img" aria-label={NAMES[key]} data-provider={key}>
      <title>{NAMES[key]}</title>
      {MARKS[key]}
    </svg>
  )
}
