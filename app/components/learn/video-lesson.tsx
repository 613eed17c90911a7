import { Play } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from '~/features/i18n/react.tsx'

/** Click-to-play: no YouTube code or cookies until the learner asks for the video. */
export function VideoLesson({ videoId, title }: { videoId: string | null; title: string }) {
	const { t } = useTranslation()
	const [playing, setPlaying] = useState(false)
	if (!videoId)
		return (
			<p role="alert" className="text-destructive">
				{t('learn.invalidVideo')}
			</p>
		)
	return (
		<div className="relative aspect-video w-full overflow-hidden rounded-xl bg-black">
			{playing ? (
				<iframe
					className="absolute inset-0 size-full"
					src={`https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1&rel=0`}
					title={title}
					allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
					allowFullScreen
				/>
			) : (
				<button type="button" onClick={() => setPlaying(true)} className="group absolute inset-0 size-full" aria-label={t('learn.playVideo', { title })}>
					{/* YouTube's WebP thumbnail (about a third of the JPEG), the JPEG for browsers without WebP. */}
					<picture className="block size-full">
						<source type="image/webp" srcSet={`https://i.ytimg.com/vi_webp/${videoId}/hqdefault.webp`} />
						<img
							src={`https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`}
							alt=""
							width={480}
							height={360}
							loading="lazy"
							className="size-full object-cover opacity-80 transition-opacity group-hover:opacity-100"
						/>
					</picture>
					<span className="bg-primary text-primary-foreground absolute top-1/2 left-1/2 flex size-16 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full shadow-lg">
						<Play className="size-7 translate-x-0.5" aria-hidden />
					</span>
				</button>
			)}
		</div>
	)
}
