// A quick sample of the property-based fuzzing of every route (`npm run fuzz` runs 10,000+
// cases): never a 5xx, always the JSON error body, and the server still answers afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answeringGeocoder, type FuzzFixture, fuzzRoutes, prepareFuzzFixture } from './test/fuzz/route-fuzzer'
import { buildTestApp, type TestContext } from './test/helper'

const CASES_PER_ROUTE = 8

let ctx: TestContext
let fixture: FuzzFixture
beforeAll(async () => {
  ctx = await buildTestApp({ geocoder: answeringGeocoder })
  fixture = await prepareFuzzFixture(ctx)
})
afterAll(() => ctx.close())

describe('every route, fuzzed', () => {
  it('never answers a 5xx nor stops answering, whatever the input', { timeout: 240_000 }, async () => {
    const report = await fuzzRoutes(ctx, fixture, { casesPerRoute: CASES_PER_ROUTE })
    expect(report.failures).toEqual([])
    expect(report.cases).toBeGreaterThanOrEqual(report.routes * CASES_PER_ROUTE)
    expect(report.routes).toBeGreaterThan(40)
  })
})
