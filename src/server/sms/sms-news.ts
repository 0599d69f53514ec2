// A report's news by SMS (issue 31): what its filer's phone would show as a push notification
// (an organisation's message, a claim, a resolution, a rejection and its reason), sent to the
// number that filed it by SMS, in the transaction of the change.
import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm'
import { reportPagePath } from '../../domain/citizen-rules'
import { type PushNews, pushPayloadOf } from '../../domain/push'
import { SMS_REPLIES } from '../../domain/sms-replies'
import type { SmsLanguage } from '../../domain/sms-rules'
import type { Db } from '../db/database'
import { smsDeviceLinks, smsNumbers } from '../db/schema'
import { queueSms } from './sms-outbox'
import { cutToReply } from './sms-text'

/**
 * What a change writes to the filer's number, if the report was filed by SMS, or on the site by a
 * device that confirmed a number for its news; never to a number that said STOP.
 */
export type SmsNews = (
  tx: Db,
  report: { id: string; anonymous_code: string; type: string; reporter_hash: string | null },
  news: readonly PushNews[],
  at: Date,
) => Promise<void>

export function createSmsNews(publicOrigin: string): SmsNews {
  return async (tx, report, news, at) => {
    if (news.length === 0 || !report.reporter_hash) return
    const [number] = await tx
      .select()
      .from(smsNumbers)
      .where(
        and(
          or(
            eq(smsNumbers.number_hash, report.reporter_hash),
            // A device that filed on the site and asked for its news by SMS too.
            inArray(
              smsNumbers.number_hash,
              tx
                .select({ number_hash: smsDeviceLinks.number_hash })
                .from(smsDeviceLinks)
                .where(
                  and(
                    eq(smsDeviceLinks.device_hash, report.reporter_hash),
                    isNotNull(smsDeviceLinks.confirmed_at),
                  ),
                ),
            ),
          ),
          isNotNull(smsNumbers.number_encrypted),
          isNull(smsNumbers.stopped_at),
        ),
      )
    if (!number?.number_encrypted) return
    const language = number.language as SmsLanguage
    const page = `${publicOrigin}${reportPagePath(report.id)}`
    for (const item of news) {
      const { body } = pushPayloadOf(item, { id: report.id, category: report.type }, language)
      const text = cutToReply(SMS_REPLIES[language].news(report.anonymous_code, body), page)
      await queueSms(
        tx,
        { number_hash: number.number_hash, number_encrypted: number.number_encrypted },
        text,
        at,
      )
    }
  }
}
