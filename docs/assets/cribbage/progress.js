// The course's progress drawn from the stars saved in this browser as soon as the page is
// shown: the engine takes seconds to start on a first visit, and until it answers the
// widget would say "0 of 49". A plain script, not a module, so it runs before the page is
// first painted. Every word is the page's (widgets/course_progress.py renders each number of
// a sentence in its own data-fill element and gives the words for 0 to 3 stars on the root);
// this only counts. Once the engine is up it checks the saved states and draws the widget
// again (widgets.js).
(function () {
  // widgets.js keeps each stage's state under this prefix and the root's data-watch key.
  const PERSIST_PREFIX = "cribbage-widget-";

  // The stars a stage's saved state holds; null for a stage never answered (or a state the
  // engine will refuse as well), which the page words as the lesson does ("Not answered yet").
  function savedStars(key, stage, most) {
    try {
      const state = JSON.parse(localStorage.getItem(PERSIST_PREFIX + key) || "null");
      const stars = state && state.stage === stage ? state.stars : null;
      return Number.isInteger(stars) && stars >= 0 && stars <= most ? stars : null;
    } catch (error) {
      return null; // storage off
    }
  }

  function fill(element, name, value) {
    element.querySelectorAll(`:scope [data-fill="${name}"]`).forEach((slot) => { slot.textContent = String(value); });
  }

  function draw(root) {
    const stages = (root.dataset.stages || "").split(" ").filter(Boolean);
    const keys = (root.dataset.watch || "").split(" ").filter(Boolean);
    const words = JSON.parse(root.dataset.starWords || "[]");
    const [star, noStar] = Array.from(root.dataset.starMarks || "");
    const most = words.length - 1;
    if (stages.length === 0 || stages.length !== keys.length || most < 1) return;
    const stars = new Map(stages.map((stage, index) => [stage, savedStars(keys[index], stage, most)]));
    root.querySelectorAll("li[data-of-stage]").forEach((cell) => {
      const saved = stars.get(cell.dataset.ofStage);
      const earned = saved || 0;
      cell.dataset.stars = String(earned);
      const row = cell.querySelector(".cb-star-row");
      if (row) row.textContent = star.repeat(earned) + noStar.repeat(most - earned);
      fill(cell, "stars", saved === null || saved === undefined ? root.dataset.unansweredWords : words[earned]);
    });
    root.querySelectorAll(".cb-progress-lesson").forEach((lesson) => {
      const cells = Array.from(lesson.querySelectorAll("li[data-of-stage]"));
      const done = cells.filter((cell) => cell.dataset.stars !== "0").length;
      lesson.dataset.done = String(done);
      const summary = lesson.querySelector(".cb-progress-summary");
      if (!summary) return;
      fill(summary, "done", done);
      fill(summary, "stars", cells.reduce((sum, cell) => sum + Number(cell.dataset.stars), 0));
    });
    const done = stages.filter((stage) => stars.get(stage) > 0).length;
    const course = root.querySelector(".cb-progress-course");
    if (course) {
      course.dataset.done = String(done);
      fill(course, "done", done);
      fill(course, "stars", Array.from(stars.values()).reduce((sum, n) => sum + (n || 0), 0));
    }
    const finished = root.querySelector(".cb-progress-finished");
    if (finished) finished.hidden = done < stages.length;
  }

  function drawAll() {
    document.querySelectorAll('.cribbage-widget[data-widget="course-progress"]').forEach(draw);
  }

  // Material's instant navigation swaps pages in without loading this script again.
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(drawAll);
  else drawAll();
})();
