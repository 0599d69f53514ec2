import { vi } from 'vitest'

type Answer = { status: number; body: unknown } | 'network-error'

/** An XMLHttpRequest that records what is sent and answers as the test says. */
export class FakeXhr {
  static sent: FakeXhr[] = []
  static respond: (request: FakeXhr) => Answer | Promise<Answer> = () => ({ status: 201, body: {} })

  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: FormData | null = null
  status = 0
  responseText = ''
  readonly upload = new EventTarget()
  private readonly events = new EventTarget()

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener)
  }
  send(body: FormData) {
    this.body = body
    FakeXhr.sent.push(this)
    setTimeout(async () => {
      const progress = Object.assign(new Event('progress'), {
        lengthComputable: true,
        loaded: 50,
        total: 100,
      })
      this.upload.dispatchEvent(progress)
      const answer = await FakeXhr.respond(this)
      if (answer === 'network-error') {
        this.events.dispatchEvent(new Event('error'))
        return
      }
      this.status = answer.status
      this.responseText = JSON.stringify(answer.body)
      this.events.dispatchEvent(new Event('load'))
    }, 0)
  }

  static install() {
    FakeXhr.sent = []
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
  }
}
