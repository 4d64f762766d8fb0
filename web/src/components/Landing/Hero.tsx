import { Button, Container } from "@mantine/core";
import { SITE_TIMERS } from "@tandem/competition";
import { Link } from "react-router";
import { useAuth } from "../../auth/AuthContext";
import { useCompetition } from "../../competition/CompetitionContext";
import { CarouselDots } from "./CarouselDots";
import { ArrowRightIcon } from "./icons";
import classes from "./Landing.module.css";
import { RotationButton } from "./RotationButton";
import { slideProps, slidesProps, useRotatingIndex, useRotationControl } from "./rotation";

/** The rotating hero: messages on the carousel timer, backgrounds on their own, slower one. */
export function Hero() {
  const { status } = useAuth();
  const { heading, slides, backgrounds, actions } = useCompetition().competition.site.hero;
  const control = useRotationControl("hero");
  const slide = useRotatingIndex(slides.length, SITE_TIMERS.carouselIntervalMs, control.running, {
    region: "hero",
    set: "slides",
  });
  const background = useRotatingIndex(
    backgrounds.length,
    SITE_TIMERS.heroBackgroundIntervalMs,
    control.running,
    { region: "hero", set: "backgrounds" },
  );
  const action = status === "authenticated" ? actions.dashboard : actions.register;

  return (
    <section className={classes.hero} {...control.carouselProps("Competition highlights")}>
      <div
        className={classes.heroBackgrounds}
        aria-hidden="true"
        data-rotation-set="backgrounds"
        data-interval-ms={SITE_TIMERS.heroBackgroundIntervalMs}
      >
        {backgrounds.map((image, i) => (
          <div
            key={image.src}
            className={classes.heroBackground}
            data-hero-background={image.src}
            data-active={i === background.index || undefined}
            style={{ backgroundImage: `url(${image.src})` }}
          />
        ))}
      </div>

      <Container size="lg" className={classes.heroInner}>
        <h1 className={classes.heroHeading}>{heading}</h1>

        <div
          className={classes.heroSlides}
          {...slidesProps(control.running, SITE_TIMERS.carouselIntervalMs)}
        >
          {slides.map((item, i) => (
            <div
              key={item.title}
              className={classes.heroSlide}
              {...slideProps(i, slide.index, `${i + 1} of ${slides.length}`)}
            >
              <h2 className={classes.heroTitle}>{item.title}</h2>
              <p className={classes.heroSubtitle}>{item.subtitle}</p>
            </div>
          ))}
        </div>

        <div className={classes.heroActions}>
          <Button
            component={Link}
            to={action.href}
            size="lg"
            rightSection={<ArrowRightIcon size={18} />}
          >
            {action.label}
          </Button>
          <Button
            component={Link}
            to={actions.secondary.href}
            size="lg"
            variant="white"
            color="dark"
          >
            {actions.secondary.label}
          </Button>
        </div>

        <div className={classes.heroControls}>
          <RotationButton control={control} subject="highlights" tone="light" />
          <CarouselDots
            label="Choose a highlight"
            labels={slides.map((_, i) => `Show highlight ${i + 1} of ${slides.length}`)}
            active={slide.index}
            pick={slide.setIndex}
            tone="light"
          />
        </div>
      </Container>
    </section>
  );
}
