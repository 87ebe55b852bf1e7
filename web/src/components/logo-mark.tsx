import './logo-mark.css'
export interface LogoMarkProps {
  /** @default 32 */
  size?: number
  /** whether the orbit animates (the welcome page pauses it after LOGO_ANIMATION_MS) */
  animated?: boolean
  paused?: boolean
}

/** The portal's mark: a cloud with an orbiting dot. Decorative: the text beside it names it. */
export function LogoMark({ size = 32, animated = false, paused = false }: LogoMarkProps) {
  const className = ['logo-mark', animated && 'logo-mark--animated', paused && 'logo-mark--paused'].filter(Boolean).join(' ')
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#2d72d2" />
      <path d="M20 44a10 10 0 0 1 1-20 13 13 0 0 1 24 3 8.5 8.5 0 0 1-1 17z" fill="#fff" />
      <g className="logo-mark__orbit">
        <circle cx="32" cy="8" r="4" fill="#72ca9b" />
      </g>
    </svg>
  )
}
