/**
 * A report filed by SMS (issue 31), one answer at a time: the category, the commune, then the
 * description with a landmark. Pure: the server keeps the conversation between messages, files
 * the report and sends the replies.
 */
import { numbered, SMS_REPLIES } from '../../domain/sms-replies'
import { SMS_DESCRIPTION_MAX, SMS_DESCRIPTION_MIN, type SmsLanguage } from '../../domain/sms-rules'
import { COMMUNE_NAMES, chosenAmong, nearestCommuneNames } from './sms-text'

/** Where a conversation stands: the step it waits for, and what it was told so far. */
export type SmsConversation =
  | { step: 'category' }
  | { step: 'commune'; categoryId: number; offeredAreaIds?: number[] }
  | { step: 'description'; categoryId: number; areaId: number }

/** A category as the conversation lists it: in the order of GET /api/categories, in its language. */
export interface SmsCategory {
  id: number
  name: string
}

/** What one message leads to: the conversation after it (null: none open), the reply, a report to file. */
export interface SmsTurn {
  conversation: SmsConversation | null
  reply: string
  /** The reply once filed is the server's (it has the code): `filed` asks it to file this. */
  file?: { categoryId: number; areaId: number; description: string }
}

/** The area id of a commune by its name in COMMUNE_NAMES (ids are positions from 1). */
const areaIdOf = (index: number) => index + 1

/** The question a conversation waits on, asked again (after a change of language, say). */
export function pendingQuestion(
  conversation: SmsConversation | null,
  categories: readonly SmsCategory[],
  language: SmsLanguage,
): string | null {
  const replies = SMS_REPLIES[language]
  if (!conversation) return null
  if (conversation.step === 'category') return replies.chooseCategory(numbered(categories.map((c) => c.name)))
  if (conversation.step === 'commune') return replies.whichCommune
  return replies.describe
}

/**
 * The next turn of a conversation for a message that is no keyword. With none open, any message
 * starts one: the categories, numbered.
 */
export function answerMessage(
  conversation: SmsConversation | null,
  message: string,
  categories: readonly SmsCategory[],
  language: SmsLanguage,
): SmsTurn {
  const replies = SMS_REPLIES[language]
  const list = numbered(categories.map((category) => category.name))
  if (!conversation) return { conversation: { step: 'category' }, reply: replies.chooseCategory(list) }

  if (conversation.step === 'category') {
    const chosen = chosenAmong(
      message,
      categories.map((category) => category.name),
    )
    const category = chosen === null ? undefined : categories[chosen]
    if (!category) return { conversation, reply: replies.unknownCategory(list) }
    return { conversation: { step: 'commune', categoryId: category.id }, reply: replies.whichCommune }
  }

  if (conversation.step === 'commune') {
    // A number picks among the communes offered; the communes are otherwise named, never numbered.
    if (/^\s*\d+\s*$/.test(message)) {
      const areaId = conversation.offeredAreaIds?.[Number(message) - 1]
      if (areaId === undefined) return { conversation, reply: replies.whichCommune }
      return {
        conversation: { step: 'description', categoryId: conversation.categoryId, areaId },
        reply: replies.describe,
      }
    }
    const named = chosenAmong(message, COMMUNE_NAMES)
    const areaId = named === null ? undefined : areaIdOf(named)
    if (areaId === undefined) {
      const nearest = nearestCommuneNames(message)
      return {
        conversation: {
          step: 'commune',
          categoryId: conversation.categoryId,
          offeredAreaIds: nearest.map((name) => areaIdOf(COMMUNE_NAMES.indexOf(name))),
        },
        reply: replies.unknownCommune(numbered(nearest)),
      }
    }
    return {
      conversation: { step: 'description', categoryId: conversation.categoryId, areaId },
      reply: replies.describe,
    }
  }

  const description = message.trim().replace(/\s+/g, ' ')
  if (description.length < SMS_DESCRIPTION_MIN)
    return { conversation, reply: replies.tooShort(SMS_DESCRIPTION_MIN) }
  if (description.length > SMS_DESCRIPTION_MAX)
    return { conversation, reply: replies.tooLong(SMS_DESCRIPTION_MAX) }
  return {
    conversation: null,
    reply: '',
    file: { categoryId: conversation.categoryId, areaId: conversation.areaId, description },
  }
}
