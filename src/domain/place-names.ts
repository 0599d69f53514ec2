// Place names compared as people type them: the communes' boundaries and the SMS channel read them so.

/**
 * A place's name as people type it, to compare: without accents, case, dashes or apostrophes
 * ("Médina" = "medina", "Patte d’Oie" = "patte d oie", "Sacré-Cœur" = "sacre coeur").
 */
export function foldPlaceName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/œ/gi, 'oe')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}
