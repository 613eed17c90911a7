import { describe, expect, it } from 'vitest'
import { settingsOf } from './setup.ts'

describe('settingsOf (bench:ab --a-env / --b-env)', () => {
	it('reads NAME=value pairs, a value keeping its own =', () => {
		expect(settingsOf('LOG_LEVEL=warn,AI_BASE_URL=http://x/?a=1')).toEqual({ LOG_LEVEL: 'warn', AI_BASE_URL: 'http://x/?a=1' })
		expect(settingsOf('HTML_CACHE_TTL_MS=')).toEqual({ HTML_CACHE_TTL_MS: '' })
		expect(settingsOf()).toEqual({})
	})

	it('refuses a pair that is not NAME=value', () => {
		expect(() => settingsOf('lower=1')).toThrow('"lower=1" is not NAME=value')
		expect(() => settingsOf('LOG_LEVEL')).toThrow('"LOG_LEVEL" is not NAME=value')
	})

	it('refuses what the bench sets itself, so that both sides stay on copies of one data set', () => {
		expect(() => settingsOf('DATABASE_URL=postgres://elsewhere/db')).toThrow('DATABASE_URL is set by the bench itself')
		expect(() => settingsOf('LOG_LEVEL=warn,DATA_DIR=/tmp/x')).toThrow('DATA_DIR is set by the bench itself')
	})
})
