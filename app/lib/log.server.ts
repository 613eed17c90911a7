type Level = 'info' | 'warn' | 'error'

// One JSON object per line on stdout/stderr; never pass secrets or passwords in `data`.
function write(level: Level, msg: string, data?: Record<string, unknown>) {
	const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...data }) + '\n'
	if (level === 'error') process.stderr.write(line)
	else process.stdout.write(line)
}

export const log = {
	info: (msg: string, data?: Record<string, unknown>) => write('info', msg, data),
	warn: (msg: string, data?: Record<string, unknown>) => write('warn', msg, data),
	error: (msg: string, data?: Record<string, unknown>) => write('error', msg, data),
}
