/**
 * What the SMS channel says (issue 31), in French, Wolof and English: the one home of its texts.
 * Written in GSM-7's letters where the language allows (é, è, à are in it; ê, ç, ’ are not), so
 * that a reply of two SMS holds 306 characters rather than 134. The Wolof is to be reviewed by a
 * native speaker, like the site's.
 */
import { REPORT_EVENT_KINDS, type ReportEventKind } from './report-history'
import { REPORT_STATUS_VALUES, REPORT_STATUSES, type ReportStatus } from './report-states'
import type { SmsLanguage } from './sms-rules'

/** A numbered list as an SMS reads it: "1 Assainissement, 2 Autre, 3 Eclairage public". */
export function numbered(names: readonly string[]): string {
  return names.map((name, index) => `${index + 1} ${name}`).join(', ')
}

export interface SmsReplies {
  chooseCategory(list: string): string
  unknownCategory(list: string): string
  whichCommune: string
  unknownCommune(list: string): string
  describe: string
  tooShort(min: number): string
  tooLong(max: number): string
  /** A report filed; its page's address follows on the next line. */
  filed(code: string): string
  help(number: string): string
  cancelled: string
  stopped: string
  resumed: string
  languageChosen: string
  unknownCode(code: string): string
  /** SUIVI: the status, and the last public event with its date (dd/mm/yyyy). */
  tracked(code: string, category: string, status: string, lastEvent: string, date: string): string
  statuses: Record<ReportStatus, string>
  events: Record<ReportEventKind, string>
  tooManyMessages: string
  tooManyReports(max: number): string
  /** A message that could not be answered, after several tries (the number's next ones will be). */
  answerFailed: string
  /** An organisation's or an administrator's news about a report filed from this number. */
  news(code: string, text: string): string
  /** The code that confirms a web filer's number for SMS news, valid `minutes`. */
  confirmationCode(code: string, minutes: number): string
}

const fr: SmsReplies = {
  chooseCategory: (list) =>
    `Alertes urbaines : quel problème signalez-vous ? Répondez par son numéro : ${list}`,
  unknownCategory: (list) => `Catégorie inconnue. Répondez par son numéro : ${list}`,
  whichCommune: 'Dans quelle commune ? (par exemple Médina, Grand Yoff, Parcelles Assainies)',
  unknownCommune: (list) => `Commune inconnue. Voulez-vous dire ${list} ? Répondez par le numéro ou le nom.`,
  describe: 'Décrivez le problème avec un repère (rue, école, marché, mosquée...).',
  tooShort: (min) => `Trop court : au moins ${min} caractères, avec un repère.`,
  tooLong: (max) => `Trop long : ${max} caractères au plus.`,
  filed: (code) =>
    `Merci, signalement enregistré. Code : ${code}. Pour le suivre, envoyez SUIVI ${code} ou ouvrez :`,
  help: (number) =>
    `Alertes urbaines : envoyez un message au ${number} pour signaler un problème. SUIVI <code> : où en est un signalement. ANNULER : recommencer. STOP : plus de SMS, REPRENDRE : les recevoir à nouveau. AIDE : ce message. WOLOF, ENGLISH, FRANCAIS : la langue.`,
  cancelled: 'Signalement annulé. Envoyez un message pour en commencer un autre.',
  stopped: 'Vous ne recevrez plus de SMS d’Alertes urbaines. Envoyez REPRENDRE pour les recevoir à nouveau.',
  resumed: 'Vous recevez à nouveau les SMS d’Alertes urbaines.',
  languageChosen: 'Les messages seront en français.',
  unknownCode: (code) => `Aucun signalement ne correspond au code ${code}.`,
  tracked: (code, category, status, lastEvent, date) =>
    `${code} (${category}) : ${status}. Dernière étape : ${lastEvent}, le ${date}.`,
  // The site's own labels, as a sentence reads them.
  statuses: Object.fromEntries(
    REPORT_STATUS_VALUES.map((status) => [status, REPORT_STATUSES[status].label.toLowerCase()]),
  ) as Record<ReportStatus, string>,
  events: {
    ...(Object.fromEntries(
      Object.entries(REPORT_EVENT_KINDS).map(([kind, label]) => [
        kind,
        label[0]?.toLowerCase() + label.slice(1),
      ]),
    ) as Record<ReportEventKind, string>),
    message_sent: 'message de l’organisation',
  },
  tooManyMessages: 'Trop de messages en une heure : réessayez plus tard.',
  tooManyReports: (max) => `Vous avez déjà envoyé ${max} signalements aujourd’hui : réessayez demain.`,
  answerFailed: 'Désolé, votre message n’a pas pu être traité. Réessayez dans quelques minutes.',
  news: (code, text) => `Alertes urbaines, ${code} : ${text}`,
  confirmationCode: (code, minutes) =>
    `Alertes urbaines : votre code de confirmation est ${code}. Il expire dans ${minutes} minutes.`,
}

const wo: SmsReplies = {
  chooseCategory: (list) => `Alertes urbaines : lan mooy jafe-jafe bi ? Tontuwal ak nimeroom : ${list}`,
  unknownCategory: (list) => `Xeet boobu xamuñu ko. Tontuwal ak nimeroom : ${list}`,
  whichCommune: 'Ci ban komin ? (misaal Médina, Grand Yoff, Parcelles Assainies)',
  unknownCommune: (list) => `Komin boobu xamuñu ko. Ndax ${list} ? Tontuwal ak nimero bi walla tur bi.`,
  describe: 'Waxal jafe-jafe bi ak benn màndarga (mbedd, lekool, marse, jumaa...).',
  tooShort: (min) => `Gàtt na lool : ${min} araf lu mu néew, ak benn màndarga.`,
  tooLong: (max) => `Gudd na lool : ${max} araf lu mu ëpp.`,
  filed: (code) =>
    `Jërëjëf, yégle bi dugg na. Kod : ${code}. Ngir topp ko, yónneel SUIVI ${code} walla ubbi :`,
  help: (number) =>
    `Alertes urbaines : yónneel benn bataaxal ci ${number} ngir yégle benn jafe-jafe. SUIVI <kod> : fan la yégle bi tollu. ANNULER : tambaliwaat. STOP : bañ SMS, REPRENDRE : jotaat ko. AIDE : bataaxal bii. WOLOF, ENGLISH, FRANCAIS : làkk wi.`,
  cancelled: 'Yégle bi neenal nañu ko. Yónneel benn bataaxal ngir tambali beneen.',
  stopped: 'Dootoo jot SMS yu Alertes urbaines. Yónneel REPRENDRE ngir jotaat ko.',
  resumed: 'Dinga jotaat SMS yu Alertes urbaines.',
  languageChosen: 'Bataaxal yi dinañu nekk ci wolof.',
  unknownCode: (code) => `Amul benn yégle bu am kod ${code}.`,
  tracked: (code, category, status, lastEvent, date) =>
    `${code} (${category}) : ${status}. Mbir mu mujj : ${lastEvent}, ci ${date}.`,
  statuses: {
    'en-attente': 'mu ngi xaar',
    'en-cours': 'ñu ngi ci',
    resolu: 'defar nañu ko',
    rejete: 'bañ nañu ko',
  },
  events: {
    created: 'yégle bi yónne nañu ko',
    claimed: 'am na ku ko jël',
    status_changed: 'fi mu tollu soppi na',
    priority_changed: 'solo bi soppi na',
    message_sent: 'bataaxal bu mbootaay bi',
    supported: 'beneen dëkkandoo dimbali na ko',
    confirmed: 'ñu dëggal ne defar nañu ko',
    reopened: 'ubbiwaat nañu ko',
    resolution_photo: 'nataal bu ginnaaw liggéey bi',
  },
  tooManyMessages: 'Bataaxal yi ëpp nañu ci benn waxtu : jéemaatal ci kanam.',
  tooManyReports: (max) => `Yónne nga ${max} yégle tey : jéemaatal ëllëg.`,
  answerFailed: 'Baal nu, jàppuñu sa bataaxal. Jéemaatal ci kanam.',
  news: (code, text) => `Alertes urbaines, ${code} : ${text}`,
  confirmationCode: (code, minutes) =>
    `Alertes urbaines : sa code bu dëggal mooy ${code}. Dina jeex ci ${minutes} simili.`,
}

const en: SmsReplies = {
  chooseCategory: (list) => `Alertes urbaines: what is the problem? Answer with its number: ${list}`,
  unknownCategory: (list) => `Unknown category. Answer with its number: ${list}`,
  whichCommune: 'In which commune? (for example Medina, Grand Yoff, Parcelles Assainies)',
  unknownCommune: (list) => `Unknown commune. Did you mean ${list}? Answer with the number or the name.`,
  describe: 'Describe the problem with a landmark (street, school, market, mosque...).',
  tooShort: (min) => `Too short: at least ${min} characters, with a landmark.`,
  tooLong: (max) => `Too long: ${max} characters at most.`,
  filed: (code) => `Thank you, report received. Code: ${code}. To follow it, send SUIVI ${code} or open:`,
  help: (number) =>
    `Alertes urbaines: send a message to ${number} to report a problem. SUIVI <code>: where a report stands. ANNULER: start again. STOP: no more SMS, REPRENDRE: receive them again. AIDE: this message. WOLOF, ENGLISH, FRANCAIS: the language.`,
  cancelled: 'Report cancelled. Send a message to start another one.',
  stopped: 'You will receive no more SMS from Alertes urbaines. Send REPRENDRE to receive them again.',
  resumed: 'You receive the SMS of Alertes urbaines again.',
  languageChosen: 'Messages will be in English.',
  unknownCode: (code) => `No report has the code ${code}.`,
  tracked: (code, category, status, lastEvent, date) =>
    `${code} (${category}): ${status}. Last step: ${lastEvent}, on ${date}.`,
  statuses: { 'en-attente': 'waiting', 'en-cours': 'in progress', resolu: 'resolved', rejete: 'rejected' },
  events: {
    created: 'report sent',
    claimed: 'taken in hand',
    status_changed: 'status changed',
    priority_changed: 'priority changed',
    message_sent: 'message from the organisation',
    supported: 'supported by another resident',
    confirmed: 'resolution confirmed',
    reopened: 'report reopened',
    resolution_photo: 'photo after the work',
  },
  tooManyMessages: 'Too many messages in an hour: try again later.',
  tooManyReports: (max) => `You already sent ${max} reports today: try again tomorrow.`,
  answerFailed: 'Sorry, your message could not be handled. Please try again in a few minutes.',
  news: (code, text) => `Alertes urbaines, ${code}: ${text}`,
  confirmationCode: (code, minutes) =>
    `Alertes urbaines: your confirmation code is ${code}. It expires in ${minutes} minutes.`,
}

export const SMS_REPLIES: Record<SmsLanguage, SmsReplies> = { fr, wo, en }
