"""The course: lessons and stages as data (course.json), their tasks, deals and exercises."""
