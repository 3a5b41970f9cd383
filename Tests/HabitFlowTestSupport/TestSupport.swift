import HabitFlow
