import { describe, expect, it } from 'vitest'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { htmlStream, wholePage } from './html-stream.server.ts'

const turn = () => new Promise((resolve) => setImmediate(resolve))

describe('htmlStream', () => {
	it('joins what is written in one turn into one chunk, and a later write into another', async () => {
		let finals = 0
		const wholes: string[] = []
		const stream = htmlStream({ onFinal: () => finals++, onWhole: (page) => wholes.push(page.toString()) })
		const out: string[] = []
		stream.on('data', (chunk: Buffer) => out.push(chunk.toString()))
		const ended = new Promise((resolve) => stream.on('end', resolve))

		for (const piece of ['<html>', '<body>', 'shell']) stream.write(Buffer.from(piece))
		await turn()
		await turn()
		expect(out).toEqual(['<html><body>shell'])

		// A Suspense boundary streamed in later leaves on its own, without waiting for the end.
		stream.write(Buffer.from('<template>late</template>'))
		await turn()
		await turn()
		expect(out).toEqual(['<html><body>shell', '<template>late</template>'])

		// The last pieces go out with the end, in the same turn they were written.
		stream.write(Buffer.from('</body>'))
		stream.end(Buffer.from('</html>'))
		await ended
		expect(out).toEqual(['<html><body>shell', '<template>late</template>', '</body></html>'])
		expect(finals).toBe(1)
		// A kept render gets the page once, whole.
		expect(wholes).toEqual(['<html><body>shell<template>late</template></body></html>'])
	})
})

describe('wholePage', () => {
	it('hands over every piece written, in order, once, at the end', async () => {
		const pages: string[] = []
		const sink = wholePage((page) => pages.push(page.toString()))
		sink.write(Buffer.from('<html>'))
		sink.write(new TextEncoder().encode('<body>shell'))
		await new Promise((resolve) => setImmediate(resolve))
		expect(pages).toEqual([])
		await pipeline(Readable.from([Buffer.from('</body>'), Buffer.from('</html>')]), sink)
		expect(pages).toEqual(['<html><body>shell</body></html>'])
	})
})
