import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from 'lucide-react';
import {
  startTransition,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { Button } from './button';

export interface CarouselSlide {
  id: string;
  /** Names the slide on its picker button ("Show slide 2 of 7: Monthly Luncheon"). */
  name: string;
  content: ReactNode;
}

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/**
 * Whether the slides advance on their own: not once the visitor has stopped them (pause, a
 * click, a swipe), and not while the pointer is over the carousel or keyboard focus is in a
 * slide; those two resume when they leave.
 */
export function shouldAutoplay(state: {
  stopped: boolean;
  hovered: boolean;
  focusInSlide: boolean;
  slideCount: number;
}): boolean {
  return !state.stopped && !state.hovered && !state.focusInSlide && state.slideCount > 1;
}

/**
 * An accessible, looping carousel (WAI-ARIA carousel pattern): a labelled region, each slide a
 * group named "N of M", pause/play, previous/next and a picker. It advances every `delayMs`;
 * with reduced motion it does not start on its own and moves without animation.
 */
export function Carousel({
  label,
  slides,
  delayMs,
  className,
}: {
  label: string;
  slides: CarouselSlide[];
  delayMs: number;
  className?: string;
}) {
  const reduceMotion = useMediaQuery(REDUCED_MOTION_QUERY, false);
  const autoplay = useMemo(
    () =>
      Autoplay({
        delay: delayMs,
        playOnInit: false,
        stopOnInteraction: true,
        stopOnFocusIn: false,
        jump: reduceMotion,
      }),
    [delayMs, reduceMotion],
  );
  const plugins = useMemo(() => [autoplay], [autoplay]);
  const [setViewport, api] = useEmblaCarousel({ loop: true }, plugins);
  // embla is handed its viewport by a ref, as a state update; a ref's update is drawn
  // synchronously with the commit, together with every effect of the page as it hydrates. As
  // a transition it is drawn in slices, with the page's other first updates.
  const viewportRef = useCallback(
    (node: HTMLDivElement | null) => startTransition(() => setViewport(node)),
    [setViewport],
  );
  const [selected, setSelected] = useState(0);
  // Until the visitor plays or stops it, reduced motion keeps it still: read after hydration
  // over server-rendered HTML (which knows no visitor's settings), so not a starting state.
  const [chosen, setStopped] = useState<boolean | null>(null);
  const stopped = chosen ?? reduceMotion;
  const [hovered, setHovered] = useState(false);
  const [focusInSlide, setFocusInSlide] = useState(false);
  const running = shouldAutoplay({ stopped, hovered, focusInSlide, slideCount: slides.length });
  const slidesId = useId();

  // Embla re-creates its plugins on every re-init (a resize, an image that loads), so the
  // wanted state is applied again then, not only when it changes.
  useEffect(() => {
    if (!api) return;
    const apply = () => {
      const plugin = api.plugins().autoplay;
      if (!plugin) return;
      if (running) plugin.play();
      else plugin.stop();
    };
    apply();
    api.on('reInit', apply);
    return () => {
      api.off('reInit', apply);
    };
  }, [api, running]);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    const onPointerDown = () => setStopped(true);
    onSelect();
    api.on('select', onSelect).on('reInit', onSelect).on('pointerDown', onPointerDown);
    return () => {
      api.off('select', onSelect).off('reInit', onSelect).off('pointerDown', onPointerDown);
    };
  }, [api]);

  const go = (move: (embla: NonNullable<typeof api>) => void) => {
    setStopped(true);
    if (api) move(api);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={cn('relative', className)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <div
        ref={viewportRef}
        className="overflow-hidden"
        onFocus={() => setFocusInSlide(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
            setFocusInSlide(false);
          }
        }}
      >
        <div id={slidesId} className="flex touch-pan-y" aria-live={running ? 'off' : 'polite'}>
          {slides.map((slide, index) => (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              inert={index !== selected}
              className="flex min-w-0 shrink-0 grow-0 basis-full"
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-3 sm:px-6">
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-controls={slidesId}
          onClick={() => setStopped(!stopped)}
        >
          {stopped ? <PlayIcon aria-hidden="true" /> : <PauseIcon aria-hidden="true" />}
          <span className="sr-only">{stopped ? 'Play slide show' : 'Pause slide show'}</span>
        </Button>
        <div role="group" aria-label="Choose a slide" className="flex flex-wrap justify-center">
          {slides.map((slide, index) => (
            <button
              key={slide.id}
              type="button"
              aria-controls={slidesId}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => go((embla) => embla.scrollTo(index, reduceMotion))}
              className="group flex size-6 cursor-pointer items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'block h-2 rounded-full bg-input transition-all group-hover:bg-muted-foreground',
                  index === selected ? 'w-5 bg-primary group-hover:bg-primary' : 'w-2',
                )}
              />
              <span className="sr-only">
                Show slide {index + 1} of {slides.length}: {slide.name}
              </span>
            </button>
          ))}
        </div>
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-controls={slidesId}
            onClick={() => go((embla) => embla.scrollPrev(reduceMotion))}
          >
            <ChevronLeftIcon aria-hidden="true" />
            <span className="sr-only">Previous slide</span>
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-controls={slidesId}
            onClick={() => go((embla) => embla.scrollNext(reduceMotion))}
          >
            <ChevronRightIcon aria-hidden="true" />
            <span className="sr-only">Next slide</span>
          </Button>
        </div>
      </div>
    </section>
  );
}
