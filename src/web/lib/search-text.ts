const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/**
 * Whether one of the values contains what was typed, accents and case aside ("medina" finds
 * "Médina"): the search of the short lists the browser holds whole. An empty search finds all.
 */
export function matchesSearch(search: string, values: readonly (string | null | undefined)[]): boolean {
  const needle = fold(search.trim())
  return !needle || values.some((value) => value && fold(value).includes(needle))
}
