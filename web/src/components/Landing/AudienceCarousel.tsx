import { SITE_TIMERS } from "@tandem/competition";
import { useCompetition } from "../../competition/CompetitionContext";
import { CarouselDots } from "./CarouselDots";
import { CheckCircleIcon, ChevronLeftIcon, ChevronRightIcon } from "./icons";
import classes from "./Landing.module.css";
import { LandingSection } from "./LandingSection";
import { RotationButton } from "./RotationButton";
import { slideProps, slidesProps, useRotatingIndex, useRotationControl } from "./rotation";

/** 'Should I Participate?': one slide per audience, advancing every 5 seconds, chosen by dots. */
export function AudienceCarousel() {
  const participate = useCompetition().competition.site.participate;
  const slides = participate.slides;
  const control = useRotationControl("audience");
  const { index, setIndex, next, previous } = useRotatingIndex(
    slides.length,
    SITE_TIMERS.carouselIntervalMs,
    control.running,
    { region: "audience", set: "slides" },
  );
  const count = slides.length;

  return (
    <LandingSection titleId="participate-title" title={participate.title} intro={participate.intro}>
      <section
        className={classes.carousel}
        {...control.carouselProps("Who the competition is for")}
      >
        <div
          className={classes.carouselSlides}
          {...slidesProps(control.running, SITE_TIMERS.carouselIntervalMs)}
        >
          {slides.map((slide, i) => (
            <article
              key={slide.id}
              className={classes.audienceSlide}
              {...slideProps(i, index, `${i + 1} of ${count}: ${slide.title}`)}
            >
              <img
                src={slide.image}
                alt={slide.imageAlt}
                width={400}
                height={300}
                loading="lazy"
                className={classes.audienceImage}
              />
              <div className={classes.audienceBody}>
                <h3 className={classes.audienceTitle}>{slide.title}</h3>
                <p className={classes.audienceSubtitle}>{slide.subtitle}</p>
                <ul className={classes.perks}>
                  {slide.perks.map((perk) => (
                    <li key={perk}>
                      <CheckCircleIcon size={20} className={classes.perkIcon} />
                      <span>{perk}</span>
                    </li>
                  ))}
                </ul>
              </div>
            </article>
          ))}
        </div>

        <div className={classes.carouselControls}>
          <button
            type="button"
            className={classes.roundButton}
            onClick={previous}
            aria-label="Previous audience"
            data-rotation-step={-1}
          >
            <ChevronLeftIcon />
          </button>
          <CarouselDots
            label="Choose an audience"
            labels={slides.map((slide) => `Show ${slide.title}`)}
            active={index}
            pick={setIndex}
          />
          <button
            type="button"
            className={classes.roundButton}
            onClick={next}
            aria-label="Next audience"
            data-rotation-step={1}
          >
            <ChevronRightIcon />
          </button>
          <RotationButton control={control} subject="audience slides" />
        </div>
      </section>
    </LandingSection>
  );
}
