import { createLearner, expect, loginAs, navigationWaitsForHydration, test } from '#tests/support/fixtures.ts'
import { TestWallet } from '#tests/support/test-wallet.ts'
import type { Page, Response } from '@playwright/test'

// The wallet against a test wallet (tests/support/test-wallet.ts): an EIP-1193 provider announced over
// EIP-6963 whose key stays in the test process. No JSON-RPC server is ever contacted.

// The e2e server runs with the default RPC URLs (app/lib/env.server.ts).
const RPC_URLS = ['https://ethereum-rpc.publicnode.com', 'https://ethereum-sepolia-rpc.publicnode.com']
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/** Requests to the chains' RPC endpoints: the wallet flows must need none. */
function watchRpc(page: Page) {
	const seen: string[] = []
	page.on('request', (r) => {
		if (RPC_URLS.some((u) => r.url().startsWith(u))) seen.push(r.url())
	})
	return seen
}

async function openWalletFromMenu(page: Page) {
	await page.getByRole('button', { name: /Account menu|Menu da conta/ }).click()
	await page
		.getByRole('menuitem')
		.filter({ hasText: /Connect Wallet|Conectar carteira|…/ })
		.click()
	return page.getByRole('dialog')
}

test('connect from the account menu, switch to Sepolia (added on 4902), a refused switch toasts, reload reconnects, a manual disconnect sticks', async ({
	page,
}) => {
	const wallet = new TestWallet()
	await wallet.install(page)
	await loginAs(page, await createLearner(page))
	const rpc = watchRpc(page)
	await page.goto('/dashboard')

	const dialog = await openWalletFromMenu(page)
	await expect(dialog.getByRole('heading', { name: 'Connect a wallet' })).toBeVisible()
	await dialog.getByRole('button', { name: 'Test Wallet' }).click()
	await expect(dialog.getByRole('heading', { name: 'Wallet connected' })).toBeVisible()
	await expect(dialog.getByTestId('wallet-address')).toHaveText(short(wallet.address))
	await expect(dialog.getByTestId('wallet-chain')).toHaveText('Ethereum')

	// Sepolia is unknown to this wallet: it answers 4902, the app adds the network (with the configured
	// RPC URL), and the wallet switches.
	wallet.unknownChainOnNextSwitch()
	await dialog.getByRole('button', { name: 'Switch to Sepolia' }).click()
	await expect(dialog.getByTestId('wallet-chain')).toHaveText('Sepolia')
	expect(wallet.requests('wallet_addEthereumChain').map((c) => c.params)).toEqual([
		[expect.objectContaining({ chainId: '0xaa36a7', chainName: 'Sepolia', rpcUrls: [RPC_URLS[1]], nativeCurrency: expect.objectContaining({ decimals: 18 }) })],
	])

	// The learner refuses the next switch in the wallet: the spec's 4001 text, and nothing changes.
	wallet.rejectNext()
	await dialog.getByRole('button', { name: 'Switch to Ethereum' }).click()
	await expect(page.getByText('User rejected the request.')).toBeVisible()
	await expect(dialog.getByTestId('wallet-chain')).toHaveText('Sepolia')
	expect(wallet.chainId).toBe(11155111)
	await page.keyboard.press('Escape')

	// The account menu shows the wallet; a reload reconnects it without asking the wallet again.
	await page.reload()
	await page.getByRole('button', { name: 'Account menu' }).click()
	await expect(page.getByTestId('wallet-menu-label')).toHaveText(`${short(wallet.address)} · Sepolia`)
	expect(wallet.requests('eth_requestAccounts').length + wallet.requests('wallet_requestPermissions').length).toBe(1)

	// Disconnect. The wallet cannot revoke the permission (it still answers eth_accounts), yet after a
	// reload the app stays disconnected, even once the wallet code is loaded again.
	await page.getByTestId('wallet-menu-label').click()
	await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click()
	await expect(page.getByText('Wallet disconnected')).toBeVisible()
	await expect(page.getByRole('dialog').getByRole('button', { name: 'Test Wallet' })).toBeVisible()
	await page.reload()
	const again = await openWalletFromMenu(page)
	await expect(again.getByRole('button', { name: 'Test Wallet' })).toBeVisible()
	await expect(again.getByTestId('wallet-connection')).toHaveCount(0)
	expect(wallet.authorized).toBe(true)
	expect(await page.evaluate(() => localStorage.getItem(`wagmi.dev.learnchain.testwallet.disconnected`))).toBe('true')
	expect(rpc).toEqual([])
})

test('the most recently used wallet is reconnected first', async ({ page }) => {
	const first = new TestWallet({ name: 'First Wallet', rdns: 'dev.learnchain.first' })
	const second = new TestWallet({ name: 'Second Wallet', rdns: 'dev.learnchain.second' })
	await first.install(page)
	await second.install(page)
	await loginAs(page, await createLearner(page))
	await page.goto('/dashboard/profile?tab=wallet')
	await page.locator('#wallet').getByRole('button', { name: 'Connect Wallet' }).click()
	await page.getByRole('dialog').getByRole('button', { name: 'Second Wallet' }).click()
	await expect(page.getByRole('dialog').getByTestId('wallet-address')).toHaveText(short(second.address))
	// Meanwhile the first wallet (announced first) has also granted this site.
	first.authorized = true
	await page.reload()
	await expect(page.locator('#wallet').getByTestId('wallet-address')).toHaveText(short(second.address))
})

test('errors show in the learner language: a refused connection, an unconfigured network', async ({ page, context, baseURL }) => {
	const wallet = new TestWallet()
	await wallet.install(page)
	await context.addCookies([{ name: 'app_language', value: 'pt-BR', url: baseURL! }])
	await loginAs(page, await createLearner(page))
	await page.goto('/dashboard/profile?tab=wallet')
	const card = page.locator('#wallet')
	await card.getByRole('button', { name: 'Conectar carteira' }).click()
	wallet.rejectNext()
	await page.getByRole('dialog').getByRole('button', { name: 'Test Wallet' }).click()
	await expect(page.getByText('O usuário rejeitou a solicitação.')).toBeVisible()
	await page.getByRole('dialog').getByRole('button', { name: 'Test Wallet' }).click()
	await expect(page.getByRole('dialog').getByTestId('wallet-chain')).toHaveText('Ethereum')
	await page.keyboard.press('Escape')

	// The learner moves the wallet to Polygon: shown as unsupported; linking is refused before signing.
	await wallet.changeChain(137)
	await expect(card.getByTestId('wallet-chain')).toHaveText('Rede não suportada (137)')
	await card.getByRole('button', { name: 'Vincular à minha conta' }).click()
	await expect(page.getByText('Rede não configurada.')).toBeVisible()
	expect(wallet.requests('personal_sign')).toEqual([])
})

test('link a wallet with Sign-In with Ethereum, sign out, sign in with it; the same signature is refused the second time', async ({
	page,
	baseURL,
	playwright,
}) => {
	const wallet = new TestWallet()
	await wallet.install(page)
	const learner = await createLearner(page)
	await loginAs(page, learner)
	await page.goto('/dashboard/profile?tab=wallet')
	const card = page.locator('#wallet')
	await expect(card.getByText('No wallet linked yet. Link one to sign in with Ethereum.')).toBeVisible()
	await card.getByRole('button', { name: 'Connect Wallet' }).click()
	await page.getByRole('dialog').getByRole('button', { name: 'Test Wallet' }).click()
	await expect(page.getByRole('dialog').getByTestId('wallet-address')).toBeVisible()
	await page.keyboard.press('Escape')

	await card.getByRole('button', { name: 'Link to my account' }).click()
	await expect(page.getByText('Wallet linked to your account')).toBeVisible()
	await expect(card.getByTestId('linked-wallet')).toHaveCount(1)
	await expect(card.getByTestId('linked-wallet')).toContainText(wallet.address)
	await expect(card.getByTestId('wallet-linked-note')).toBeVisible()
	// What the wallet was asked to sign: an ERC-4361 message for this site, chain and account.
	const [signRequest] = wallet.requests('personal_sign')
	const signedText = Buffer.from((signRequest!.params as [string])[0].slice(2), 'hex').toString('utf8')
	expect(signedText).toContain(`${new URL(baseURL!).host} wants you to sign in with your Ethereum account:\n${wallet.address}`)
	expect(signedText).toContain(`URI: ${baseURL}`)
	expect(signedText).toContain('Chain ID: 1')
	expect(signedText).toMatch(/Expiration Time: /)

	// Sign out, and the site's permission is gone from the wallet too: the picker is used again.
	await page.getByRole('button', { name: 'Account menu' }).click()
	await page.getByRole('menuitem', { name: 'Sign out' }).click()
	await expect(page).toHaveURL(/\/$/)
	wallet.authorized = false

	await page.goto('/login?redirectTo=%2Fdashboard%2Fprofile')
	const posted = page.waitForRequest((r) => r.url().endsWith('/resources/wallet/sign-in') && r.method() === 'POST')
	await page.getByRole('button', { name: 'Continue with Ethereum' }).click()
	const dialog = page.getByRole('dialog')
	await expect(dialog.getByRole('heading', { name: 'Sign in with Ethereum' })).toBeVisible()
	await dialog.getByRole('button', { name: 'Test Wallet' }).click()
	await expect(page).toHaveURL(/\/dashboard\/profile$/)
	await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
	await page.getByRole('button', { name: 'Account menu' }).click()
	await expect(page.getByRole('menu')).toContainText(learner.email)
	await page.keyboard.press('Escape')

	// Replaying the very same message and signature (from a clean client) is refused.
	const body = (await posted).postDataJSON() as { message: string; signature: string }
	const outsider = await playwright.request.newContext({ baseURL })
	const replay = await outsider.post('/resources/wallet/sign-in', { data: { message: body.message, signature: body.signature } })
	expect(replay.status()).toBe(401)
	expect(await replay.json()).toMatchObject({ ok: false, error: 'wallet.errors.nonceInvalid' })
	expect((await outsider.storageState()).cookies.filter((c) => c.name.includes('session'))).toEqual([])
	// Another site cannot post a signed message on the visitor's behalf (login CSRF).
	const crossSite = await outsider.post('/resources/wallet/sign-in', { data: body, headers: { origin: 'https://evil.example' } })
	expect(crossSite.status()).toBe(403)
	await outsider.dispose()
})

test('a wallet belongs to one account; an unlinked wallet cannot sign in', async ({ page, browser, baseURL }) => {
	const wallet = new TestWallet()
	await wallet.install(page)
	await loginAs(page, await createLearner(page))
	await page.goto('/dashboard/profile?tab=wallet')
	const card = page.locator('#wallet')
	await card.getByRole('button', { name: 'Connect Wallet' }).click()
	await page.getByRole('dialog').getByRole('button', { name: 'Test Wallet' }).click()
	await page.keyboard.press('Escape')
	await card.getByRole('button', { name: 'Link to my account' }).click()
	await expect(card.getByTestId('linked-wallet')).toHaveCount(1)

	// Another learner with the same wallet (same key) is refused.
	const otherContext = await browser.newContext({ baseURL })
	const other = navigationWaitsForHydration(await otherContext.newPage())
	await new TestWallet({ privateKey: wallet.privateKey }).install(other)
	await loginAs(other, await createLearner(other))
	await other.goto('/dashboard/profile?tab=wallet')
	await other.locator('#wallet').getByRole('button', { name: 'Connect Wallet' }).click()
	await other.getByRole('dialog').getByRole('button', { name: 'Test Wallet' }).click()
	await other.keyboard.press('Escape')
	await other.locator('#wallet').getByRole('button', { name: 'Link to my account' }).click()
	await expect(other.getByText('This wallet is already linked to another account.')).toBeVisible()
	await otherContext.close()

	// Unlinked, the wallet no longer signs anyone in.
	await card.getByRole('button', { name: `Unlink ${short(wallet.address)}` }).click()
	await expect(page.getByText('Wallet unlinked')).toBeVisible()
	await expect(card.getByTestId('linked-wallet')).toHaveCount(0)
	await page.context().clearCookies()
	await page.goto('/login')
	await page.getByRole('button', { name: 'Continue with Ethereum' }).click()
	await expect(page.getByText('No account is linked to this wallet. Sign in with your email, then link the wallet on your profile.')).toBeVisible()
	await expect(page).toHaveURL(/\/login$/)
})

/** Every JavaScript file a page load fetched, with its text. */
async function scriptsOf(page: Page, url: string, after?: () => Promise<void>) {
	const bodies: Promise<{ url: string; text: string }>[] = []
	const onResponse = (r: Response) => {
		if (r.request().resourceType() === 'script') bodies.push(r.text().then((text) => ({ url: r.url(), text })))
	}
	page.on('response', onResponse)
	await page.goto(url)
	await page.waitForLoadState('networkidle')
	if (after) await after()
	page.off('response', onResponse)
	return Promise.all(bodies)
}

const isWalletCode = (text: string) => text.includes('@wagmi/core@') || text.includes('viem@')

test('public pages and pages without a wallet control never download wagmi or viem; the wallet button loads them on click', async ({ page }) => {
	for (const url of ['/', '/companies', '/investors', '/login', '/certificates/verify']) {
		const scripts = await scriptsOf(page, url)
		expect(
			scripts.filter((s) => isWalletCode(s.text)).map((s) => s.url),
			url,
		).toEqual([])
	}
	// A learner who never connected a wallet: the dashboard ships the menu entry, not the wallet.
	await loginAs(page, await createLearner(page))
	for (const url of ['/dashboard', '/dashboard/profile?tab=wallet']) {
		const scripts = await scriptsOf(page, url)
		expect(scripts.length, url).toBeGreaterThan(0)
		expect(
			scripts.filter((s) => isWalletCode(s.text)).map((s) => s.url),
			url,
		).toEqual([])
	}
	// The check itself can see wallet code: a click on 'Connect Wallet' fetches it.
	const loaded = await scriptsOf(page, '/dashboard/profile?tab=wallet', async () => {
		await page.locator('#wallet').getByRole('button', { name: 'Connect Wallet' }).click()
		await expect(page.getByRole('dialog').getByText('No browser wallet found. Install one (such as MetaMask or Rabby) and reload the page.')).toBeVisible()
	})
	expect(loaded.filter((s) => isWalletCode(s.text)).length).toBeGreaterThan(0)
})
