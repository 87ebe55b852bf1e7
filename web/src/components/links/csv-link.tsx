import { Classes, Icon } from '@blueprintjs/core'

export interface CsvLinkProps {
  /** from paths.api.model(resource).csv() */
  href: string
  /** @default 'Download CSV' */
  text?: string
}

/** A plain download link styled as a Blueprint button: the gateway streams the file. */
export function CsvLink({ href, text = 'Download CSV' }: CsvLinkProps) {
  return (
    <a href={href} download className={Classes.BUTTON}>
      <Icon icon="download" />
      <span className={Classes.BUTTON_TEXT}>{text}</span>
    </a>
  )
}
