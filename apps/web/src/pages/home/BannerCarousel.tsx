import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { HomeData } from '@liaison/protocol';
import { useEffect, useState } from 'react';
import { publicFileUrl } from '../common/public-file';
import { SiteLink } from '../common/SiteLink';

type Banner = HomeData['banners'][number];

/** How long a slide shows before the next one. */
const SLIDE_MS = 5000;

/**
 * The home page's advertisement slots: one slide at a time, turning by itself unless the reader
 * points at it, focuses it or prefers less motion; dots and arrows are buttons.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const [index, setIndex] = useState(0);
  const [isPaused, setPaused] = useState(false);
  const count = banners.length;

  useEffect(() => {
    if (count < 2 || isPaused || prefersLessMotion()) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), SLIDE_MS);
    return () => clearInterval(timer);
  }, [count, isPaused]);

  if (count === 0) return null;
  const current = banners[Math.min(index, count - 1)] as Banner;
  const image = publicFileUrl(current.image);
  const go = (step: number) => setIndex((i) => (i + step + count) % count);

  return (
    <section
      className="banner"
      aria-roledescription="carousel"
      aria-label="首页推荐"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <SiteLink href={current.link} className="banner__slide">
        {/* The slot's picture carries its own words; its title is the picture's text alternative. */}
        {image ? <img src={image} alt={current.title} /> : <span className="banner__caption">{current.title}</span>}
      </SiteLink>
      {count > 1 && (
        <>
          <button
            type="button"
            className="banner__arrow banner__arrow--prev"
            aria-label="上一张"
            onClick={() => go(-1)}
          >
            <LeftOutlined aria-hidden />
          </button>
          <button type="button" className="banner__arrow banner__arrow--next" aria-label="下一张" onClick={() => go(1)}>
            <RightOutlined aria-hidden />
          </button>
          <div className="banner__dots">
            {banners.map((banner, i) => (
              <button
                key={banner.id}
                type="button"
                aria-label={`第 ${i + 1} 张：${banner.title}`}
                aria-current={i === index}
                className={i === index ? 'banner__dot banner__dot--current' : 'banner__dot'}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

function prefersLessMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}
