import { describe, expect, it } from 'vitest'
import { rezoning } from './zones'

describe('rezoning', () => {
  it('keeps an approved organisation’s new zone apart, sets any other’s at once, and withdraws on its own zone', () => {
    expect(rezoning({ status: 'approved', areaIds: [3] }, [3, 18])).toEqual({ pending: [3, 18] })
    // The whole department is a zone asked for too, not "no request".
    expect(rezoning({ status: 'approved', areaIds: [3] }, [])).toEqual({ pending: [] })
    // Not yet approved: it offers nothing yet, its zone changes as at sign-up.
    expect(rezoning({ status: 'pending', areaIds: [3] }, [18])).toEqual({ zone: [18], pending: null })
    expect(rezoning({ status: 'approved', areaIds: [18, 3] }, [3, 18])).toEqual({ pending: null })
  })
})
