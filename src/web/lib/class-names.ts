import { type ClassValue, clsx } from 'clsx'

/**
 * Joins class names. Deliberately without tailwind-merge (8 KB on every first load): components
 * avoid passing a class that competes with one of their own.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs)
}
