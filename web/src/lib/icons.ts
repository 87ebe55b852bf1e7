import { Icons, type IconName } from '@blueprintjs/icons'

/**
 * Blueprint's default icon loader fetches every icon's paths (two chunks, ~210 KB gzip) the first
 * time any string-named icon renders. The app uses a few dozen, so their paths ship in the entry
 * (a few KB) through a custom loader, as Blueprint's "Loading icons" page shows for Vite
 * (`import.meta.glob` of the generated path modules). An icon missing from this list still works
 * through Blueprint's own split-by-size loader. Keep the list in step when a screen starts using
 * a new icon (a console warning says which).
 */
const small = import.meta.glob<string[]>(
  '../../../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/{add,arrow-left,bookmark,build,caret-down,chevron-down,chevron-left,chevron-right,chevron-up,cloud,code,cross,database,desktop,document,double-caret-vertical,download,edit,envelope,error,filter,filter-remove,flash,floppy-disk,help,home,inbox,info-sign,link,log-in,log-out,menu,moon,more,outdated,people,refresh,reset,search,sort-asc,sort-desc,th,th-list,tick,tick-circle,timeline-bar-chart,trash,undo,upload,warning-sign}.js',
  { eager: true, import: 'default' },
)
const large = import.meta.glob<string[]>(
  '../../../node_modules/@blueprintjs/icons/lib/esm/generated/20px/paths/{add,blocked-person,envelope,error,filter,help,home,inbox,lock,log-in,search,timeline-bar-chart,upload,warning-sign}.js',
  { eager: true, import: 'default' },
)

const byName = (modules: Record<string, string[]>) =>
  new Map(Object.entries(modules).map(([file, paths]) => [file.replace(/^.*\/|\.js$/g, ''), paths]))
const bundled = { 16: byName(small), 20: byName(large) }

export function installIconLoader(): void {
  Icons.setLoaderOptions({
    loader: async (name: IconName, size) => {
      const paths = bundled[size === 20 ? 20 : 16].get(name)
      if (paths) return paths
      if (import.meta.env.DEV) console.warn(`[icons] '${name}' (${size}px) is not in lib/icons.ts`)
      await Icons.load(name, size, { loader: 'split-by-size' })
      const loaded = Icons.getPaths(name, size)
      // Blueprint has said why already; throwing keeps an empty icon out of its cache, so a later render retries
      if (!loaded) throw new Error(`icon '${name}' (${size}px) did not load`)
      return loaded
    },
  })
}
