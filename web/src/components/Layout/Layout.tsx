import { Outlet } from "react-router";
import { Header } from "../Header/Header";
import { ScrollToTop } from "../ScrollToTop";
import classes from "./Layout.module.css";
import { SiteBanners } from "./SiteBanners";

export function Layout() {
  return (
    <>
      <ScrollToTop />
      <header className={classes.header}>
        <Header />
      </header>
      <main className={classes.main}>
        <SiteBanners />
        <Outlet />
      </main>
    </>
  );
}
