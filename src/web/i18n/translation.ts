import type { MessageGroup, MessageGroups } from '../../domain/messages'

/** A catalogue in another language: the French catalogue's keys, every value a string. */
export type Translation<T> = { readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]> }

/**
 * The `reasons` group of a French catalogue: some of the domain's groups of messages, each with
 * some of its keys, so that a key there is always a reason the API may send (`tracking.notFound`).
 */
export type ReasonTexts = {
  readonly [G in MessageGroup]?: { readonly [K in keyof MessageGroups[G]]?: string }
}
