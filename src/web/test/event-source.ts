import { vi } from 'vitest'

/** EventSource as the live events hook opens it: its URL is recorded and `emit` plays a server event. */
export class FakeEventSource {
  static instances: FakeEventSource[] = []
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>()
  closed = false

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this)
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }

  close() {
    this.closed = true
  }

  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) {
      listener(new MessageEvent(type, { data: JSON.stringify(data) }))
    }
  }

  /** The streams not closed yet. */
  static open() {
    return FakeEventSource.instances.filter((source) => !source.closed)
  }
}

export function stubEventSource() {
  FakeEventSource.instances = []
  vi.stubGlobal('EventSource', FakeEventSource)
}
