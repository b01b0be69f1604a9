import { useLatch } from '@latch/react'
import { useAppMessages } from './messages'

/** Each language named in itself, as a visitor looks for their own. */
const LANGUAGES = { en: 'English', de: 'Deutsch' } as const

/** Links to the page in each language (`?lang=`), the current one marked. */
export function LanguageLinks() {
  const { locale } = useLatch('LanguageLinks')
  const t = useAppMessages()
  return (
    <nav className="app-languages" aria-label={t.language}>
      {Object.entries(LANGUAGES).map(([code, name]) => (
        <a
          key={code}
          href={`?lang=${code}`}
          hrefLang={code}
          lang={code}
          aria-current={code === locale ? 'page' : undefined}
        >
          {name}
        </a>
      ))}
    </nav>
  )
}
