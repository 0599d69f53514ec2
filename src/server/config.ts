import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { DEFAULT_CONTACT_EMAIL } from '../domain/constants'
import { normalizePhoneNumber } from '../domain/phone-numbers'
import { SMS_ALLOWED_COUNTRY_CODES_DEFAULT, SMS_CODES_PER_HOUR_DEFAULT } from '../domain/sms-rules'

/**
 * Configuration from the environment (DESIGN.md section 4), validated at start-up. A bad
 * value stops the start with one line naming the variable.
 */
const PORT_MESSAGE = 'doit être un numéro de port entre 0 et 65535'
const CODES_PER_HOUR_MESSAGE = 'doit être un nombre entier de codes par heure, 1 ou plus'
/** The settings of the SMS channel, given all together or not at all. */
const SMS_SETTINGS = [
  'SMS_GATEWAY_URL',
  'SMS_GATEWAY_USERNAME',
  'SMS_GATEWAY_PASSWORD',
  'SMS_WEBHOOK_SECRET',
  'SMS_NUMBER',
] as const

const envSchema = z
  .object({
    PORT: z.coerce
      .number({ error: PORT_MESSAGE })
      .int({ error: PORT_MESSAGE })
      .min(0, { error: PORT_MESSAGE })
      .max(65535, { error: PORT_MESSAGE })
      .default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'doit commencer par postgres:// ou postgresql://')
      .optional(),
    JWT_SECRET: z.string().min(32, 'doit compter au moins 32 caractères aléatoires').optional(),
    ADMIN_USERNAME: z.string().min(1).max(100).optional(),
    ADMIN_PASSWORD: z.string().min(6).max(200).optional(),
    TILE_URL: z
      .string()
      .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'doit être une adresse http(s) avec {z}, {x} et {y}')
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    // Empty means "no geocoding": places fall back to coordinates.
    GEOCODER_URL: z
      .url({ error: 'doit être une adresse http(s) ou vide' })
      .or(z.literal(''))
      .default('https://nominatim.openstreetmap.org'),
    PUBLIC_ORIGIN: z.url({ error: 'doit être une adresse http(s)' }).optional(),
    // Which proxies are believed about the client's address (Fastify's trustProxy): `loopback`
    // (nginx on the same machine), a comma-separated list of addresses or CIDR ranges, or the
    // number of proxies in front.
    TRUST_PROXY: z
      .string()
      .refine(isTrustProxySetting, {
        message:
          'doit être « loopback », une liste d’adresses ou de plages CIDR séparées par des virgules, ou un nombre de proxys',
      })
      .default('loopback'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'doit commencer par redis:// ou rediss://')
      .optional(),
    // Shown to every visitor (footer, "À propos"): an address people can write to.
    CONTACT_EMAIL: z
      .email({ error: 'doit être une adresse e-mail (par exemple contact@mairie.sn)' })
      .default(DEFAULT_CONTACT_EMAIL),
    // Where, besides the browsers' own push services, notifications may be posted: a
    // self-hosted push service, the tests' loopback one. Origins only, comma-separated.
    PUSH_SERVICE_ORIGINS: z
      .string()
      .refine((value) => trustedEntries(value).every(isOrigin), {
        message: 'doit être une liste d’origines http(s) séparées par des virgules (https://push.exemple.sn)',
      })
      .optional(),
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'doit être une clé publique VAPID (npx web-push generate-vapid-keys)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'doit être une clé privée VAPID (npx web-push generate-vapid-keys)')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'doit être une adresse mailto:contact@… ou https://…')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // The SMTP server that sends the invitations of organisations' members (issue 29): off without it.
    SMTP_URL: z
      .string()
      .regex(
        /^smtps?:\/\/[^/\s]+(:\d+)?\/?$/,
        'doit être une adresse smtp://utilisateur:motdepasse@hôte:587 ou smtps://…',
      )
      .optional(),
    // Who the e-mails come from; by default the contact address.
    SMTP_FROM: z
      .email({ error: 'doit être une adresse e-mail (par exemple ne-pas-repondre@mairie.sn)' })
      .optional(),
    // The SMS channel (issue 31): SMS Gateway for Android's API, its webhooks' signing key, and the
    // number citizens text. All five or none: none turns the channel off.
    SMS_GATEWAY_URL: z
      .string()
      .regex(
        /^https?:\/\/[^\s]+$/,
        'doit être une adresse http://… ou https://… (par exemple http://192.168.1.20:8080)',
      )
      .optional(),
    SMS_GATEWAY_USERNAME: z.string().optional(),
    SMS_GATEWAY_PASSWORD: z.string().optional(),
    SMS_WEBHOOK_SECRET: z
      .string()
      .min(16, 'doit faire au moins 16 caractères (la clé de signature réglée dans l’application)')
      .optional(),
    SMS_NUMBER: z
      .string()
      .refine(
        (value) => normalizePhoneNumber(value) !== null,
        'doit être un numéro de téléphone (par exemple 77 123 45 67)',
      )
      .optional(),
    // Where a web filer's confirmation codes may go (issue 47): country codes, comma-separated.
    SMS_ALLOWED_COUNTRY_CODES: z
      .string()
      .refine((value) => trustedEntries(value).every((code) => /^[1-9]\d{0,2}$/.test(code)), {
        message:
          'doit être une liste d’indicatifs de pays séparés par des virgules, sans + (par exemple 221 ou 221,223)',
      })
      .optional(),
    // How many confirmation codes go out an hour, to all numbers together (issue 47).
    SMS_CODES_PER_HOUR: z.coerce
      .number({ error: CODES_PER_HOUR_MESSAGE })
      .int({ error: CODES_PER_HOUR_MESSAGE })
      .min(1, { error: CODES_PER_HOUR_MESSAGE })
      .default(SMS_CODES_PER_HOUR_DEFAULT),
    // The key that hashes and encrypts citizens' numbers; generated once in DATA_DIR without it.
    SMS_PRIVACY_KEY: z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{43,}$/,
        'doit être une clé d’au moins 32 octets en base64url (openssl rand -base64 32 | tr "+/" "-_" | tr -d "=")',
      )
      .optional(),
  })
  .superRefine((env, ctx) => {
    const smsSettings = SMS_SETTINGS.filter((name) => env[name] !== undefined)
    if (smsSettings.length > 0 && smsSettings.length < SMS_SETTINGS.length) {
      const missing = SMS_SETTINGS.find((name) => env[name] === undefined) ?? SMS_SETTINGS[0]
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: `est requis quand ${smsSettings[0]} est défini (les cinq réglages SMS, ou aucun)`,
      })
    }
    if (smsSettings.length > 0 && !env.PUBLIC_ORIGIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_ORIGIN'],
        message: 'est obligatoire quand le canal SMS est réglé (les SMS donnent l’adresse des signalements)',
      })
    }
    if (smsSettings.length > 0 && env.DATABASE_URL && !env.SMS_PRIVACY_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_PRIVACY_KEY'],
        message:
          'est obligatoire quand DATABASE_URL et le canal SMS sont définis (toutes les instances doivent chiffrer pareil)',
      })
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'est requise quand l’autre clé VAPID est donnée (les deux, ou aucune)',
      })
    }
    if (env.SMTP_URL && !env.PUBLIC_ORIGIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_ORIGIN'],
        message:
          'est obligatoire quand SMTP_URL est défini (les liens envoyés par e-mail mènent à cette adresse)',
      })
    }
    if (env.DATABASE_URL && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'est obligatoire quand DATABASE_URL est défini (toutes les instances doivent signer pareil)',
      })
    }
  })
  .transform((e) => ({
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    // Embedded mode may leave it unset: main.ts then keeps a generated one in DATA_DIR.
    jwtSecret: e.JWT_SECRET,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    tileUrl: e.TILE_URL,
    geocoderUrl: e.GEOCODER_URL.replace(/\/+$/, ''),
    publicOrigin: e.PUBLIC_ORIGIN,
    /** Fastify's trustProxy: named ranges or addresses, or a hop count. */
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    /** Redis shared by every instance for the rate limits; in memory without it. */
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    contactEmail: e.CONTACT_EMAIL,
    /** Where the built web app lives. */
    webDir: path.resolve(import.meta.dirname, '../../dist/web'),
    pushServiceOrigins: e.PUSH_SERVICE_ORIGINS ? trustedEntries(e.PUSH_SERVICE_ORIGINS) : [],
    /** Generated once in DATA_DIR without them. */
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.CONTACT_EMAIL}`,
    /** None: no e-mail. */
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM ?? e.CONTACT_EMAIL } : undefined,
    /** None: off, and the site says nothing of SMS. */
    sms:
      e.SMS_GATEWAY_URL &&
      e.SMS_GATEWAY_USERNAME &&
      e.SMS_GATEWAY_PASSWORD &&
      e.SMS_WEBHOOK_SECRET &&
      e.SMS_NUMBER
        ? {
            gatewayUrl: e.SMS_GATEWAY_URL.replace(/\/+$/, ''),
            username: e.SMS_GATEWAY_USERNAME,
            password: e.SMS_GATEWAY_PASSWORD,
            webhookSecret: e.SMS_WEBHOOK_SECRET,
            /** The number citizens text, E.164. */
            number: normalizePhoneNumber(e.SMS_NUMBER) ?? e.SMS_NUMBER,
            /** Generated once in DATA_DIR without it (embedded mode). */
            privacyKey: e.SMS_PRIVACY_KEY,
            /** Where confirmation codes may go: country codes (Senegal's mobiles only for 221). */
            allowedCountryCodes: e.SMS_ALLOWED_COUNTRY_CODES
              ? trustedEntries(e.SMS_ALLOWED_COUNTRY_CODES)
              : [...SMS_ALLOWED_COUNTRY_CODES_DEFAULT],
            /** Confirmation codes sent an hour, to all numbers together. */
            codesPerHour: e.SMS_CODES_PER_HOUR,
          }
        : undefined,
  }))

// An empty variable (`PORT=` in a .env file) counts as unset, but GEOCODER_URL='' turns geocoding off.
const settingsSchema = z.preprocess(
  (env) =>
    Object.fromEntries(
      Object.entries(env as NodeJS.ProcessEnv).filter(
        ([name, value]) => value !== '' || name === 'GEOCODER_URL',
      ),
    ),
  envSchema,
)

/** The environment read and checked; JWT_SECRET may still be unset (embedded mode). */
export type Settings = z.output<typeof settingsSchema>
/** What the app runs with: the settings, and the key that signs sessions resolved. */
export type Config = Omit<Settings, 'jwtSecret'> & { jwtSecret: string }
export type SmsConfig = NonNullable<Config['sms']>

// The names proxy-addr (Fastify's trustProxy) knows for ranges of addresses.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function trustedEntries(value: string): string[] {
  return value.split(',').map((entry) => entry.trim())
}

function isTrustProxySetting(value: string): boolean {
  if (/^\d{1,2}$/.test(value.trim())) return true
  return trustedEntries(value).every((entry) => {
    if (NAMED_RANGES.has(entry)) return true
    const [address = '', bits, ...rest] = entry.split('/')
    const version = isIP(address)
    if (version === 0 || rest.length > 0) return false
    if (bits === undefined) return true
    const prefix = Number(bits)
    return /^\d{1,3}$/.test(bits) && prefix <= (version === 4 ? 32 : 128)
  })
}

function isOrigin(entry: string): boolean {
  try {
    const url = new URL(entry)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === entry
  } catch {
    return false
  }
}

function parseTrustProxy(value: string): string[] | number {
  return /^\d{1,2}$/.test(value.trim()) ? Number(value.trim()) : trustedEntries(value)
}

// Never echoed back in an error line: they hold secrets.
const SECRET_VARIABLES = new Set([
  'JWT_SECRET',
  'ADMIN_PASSWORD',
  'DATABASE_URL',
  'REDIS_URL',
  'VAPID_PRIVATE_KEY',
  'SMTP_URL',
  'SMS_GATEWAY_PASSWORD',
  'SMS_WEBHOOK_SECRET',
  'SMS_PRIVACY_KEY',
])

export class ConfigError extends Error {}

export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const parsed = settingsSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const variable = String(issue?.path[0] ?? 'environnement')
    const shown = env[variable] !== undefined && !SECRET_VARIABLES.has(variable)
    const received = shown ? ` (valeur reçue : « ${env[variable]} »)` : ''
    throw new ConfigError(`Configuration invalide : ${variable} ${issue?.message ?? ''}${received}`)
  }
  return parsed.data
}
