import { describe, expect, it } from 'vitest'
import { isKnownPushService } from './push-services'

describe('isKnownPushService', () => {
  it('takes the browsers’ push services over https', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ]) {
      expect(isKnownPushService(endpoint, []), endpoint).toBe(true)
    }
  })

  it('refuses any other address, a look-alike, another port or plain http', () => {
    for (const endpoint of [
      'https://evil.example/fcm.googleapis.com',
      'https://fcm.googleapis.com.evil.example/x',
      'https://notify.windows.com/x',
      'https://fcm.googleapis.com:8443/x',
      'http://fcm.googleapis.com/x',
      'https://user:pw@fcm.googleapis.com/x',
      'http://127.0.0.1:4001/push',
      'not a url',
    ]) {
      expect(isKnownPushService(endpoint, []), endpoint).toBe(false)
    }
  })

  it('takes the origins the operator adds, exactly', () => {
    expect(isKnownPushService('http://127.0.0.1:4001/push/1', ['http://127.0.0.1:4001'])).toBe(true)
    expect(isKnownPushService('http://127.0.0.1:4002/push/1', ['http://127.0.0.1:4001'])).toBe(false)
  })
})
