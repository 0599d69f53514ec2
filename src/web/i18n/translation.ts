/** A catalogue in another language: the French catalogue's keys, every value a string. */
export type Translation<T> = { readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]> }
