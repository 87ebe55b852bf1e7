import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Menu,
  MenuDivider,
  MenuItem,
  Popover,
  Tag,
} from '@blueprintjs/core'
import { useRef, useState, type FormEvent } from 'react'
import { toastSuccess } from '../../lib/toaster.js'
import type { ListSettings } from './list-settings.js'
import { TOOLBAR_POPOVER } from './toolbar-popover.js'
import type { ListViewState } from './use-list-view.js'
import './resource-table.css'

/**
 * A person's named views of a list (react-admin's saved queries, kept by the upstream instead of
 * one browser): open one, save what the list shows as a new one or into the one open, make it the
 * list's default (a bare list opens with it), delete it, or copy a link that shows anyone the same list.
 */
export function SavedViews({ settings, view }: { settings: ListSettings; view: ListViewState }) {
  const [saving, setSaving] = useState(false)
  // the Save view dialog opens once the menu has closed: Blueprint's popover, last closed by Escape,
  // gives the focus back to Views as it closes, which took it from the dialog's Name
  const saveOnClosed = useRef(false)
  const { current } = view
  const menu = (
    <Menu aria-label="Saved views">
      <MenuDivider title="My views" />
      {settings.views.length === 0 && <MenuItem disabled text="No saved views yet" />}
      {settings.views.map((v) => (
        <MenuItem
          key={v.id}
          text={v.name}
          icon={v.id === current?.id ? 'tick' : 'blank'}
          active={v.id === current?.id}
          labelElement={v.is_default ? <Tag minimal>default</Tag> : undefined}
          onClick={() => view.apply(v)}
        />
      ))}
      <MenuDivider />
      <MenuItem icon="floppy-disk" text="Save as new view…" onClick={() => (saveOnClosed.current = true)} />
      {current && (
        <>
          <MenuItem
            icon="refresh"
            text={`Save changes to “${current.name}”`}
            onClick={() => void settings.updateView(current.id, view.shown).then((v) => v && toastSuccess(`View “${v.name}” saved`))}
          />
          <MenuItem
            icon={current.is_default ? 'star-empty' : 'star'}
            text={current.is_default ? `Stop opening with “${current.name}”` : `Make “${current.name}” my default`}
            onClick={() => void settings.updateView(current.id, { is_default: !current.is_default })}
          />
          <MenuItem
            icon="trash"
            intent="danger"
            text={`Delete “${current.name}”`}
            onClick={() => void settings.deleteView(current.id).then((done) => done !== undefined && view.leave())}
          />
        </>
      )}
      <MenuItem
        icon="link"
        text="Copy link to this list"
        onClick={() => void navigator.clipboard?.writeText(view.shareHref).then(() => toastSuccess('Link copied'))}
      />
    </Menu>
  )
  return (
    <>
      <Popover
        content={menu}
        {...TOOLBAR_POPOVER}
        onClosed={(node) => {
          TOOLBAR_POPOVER.onClosed?.(node)
          if (saveOnClosed.current) setSaving(true)
          saveOnClosed.current = false
        }}
      >
        <Button size="small" icon="bookmark" endIcon="caret-down" text={current ? `View: ${current.name}` : 'Views'} />
      </Popover>
      <SaveViewDialog
        isOpen={saving}
        onClose={() => setSaving(false)}
        onSave={async (name, isDefault) => {
          const saved = await settings.createView({ name, ...view.shown, is_default: isDefault })
          if (saved) {
            setSaving(false)
            view.showing(saved)
            void toastSuccess(`View “${saved.name}” saved`)
          }
        }}
      />
    </>
  )
}

function SaveViewDialog({
  isOpen,
  onClose,
  onSave,
}: {
  isOpen: boolean
  onClose: () => void
  onSave: (name: string, isDefault: boolean) => Promise<void>
}) {
  const [name, setName] = useState('')
  const [isDefault, setIsDefault] = useState(false)
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!name.trim()) return
    setBusy(true)
    await onSave(name.trim(), isDefault).finally(() => setBusy(false))
  }
  return (
    <Dialog
      title="Save view"
      isOpen={isOpen}
      onClose={onClose}
      onClosed={() => {
        setName('')
        setIsDefault(false)
      }}
      className="save-view-dialog"
    >
      <form onSubmit={(e) => void submit(e)}>
        <DialogBody>
          <p>The list’s filters, sort and columns, under a name of yours.</p>
          <FormGroup label="Name" labelFor="save-view-name">
            <InputGroup id="save-view-name" autoFocus maxLength={80} value={name} onValueChange={setName} />
          </FormGroup>
          <Checkbox
            label="Open this list with it (my default)"
            checked={isDefault}
            onChange={(e) => setIsDefault(e.currentTarget.checked)}
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button type="submit" intent="primary" text="Save" loading={busy} disabled={!name.trim()} />
            </>
          }
        />
      </form>
    </Dialog>
  )
}
