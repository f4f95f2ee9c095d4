"""HeroQuest's presentation: a seat's view of a quest (`seat_view`), the map and status as text
(`render`), and the log's events said in English (`event_text`). It may import the policies (the bot a
seat may hand its turn to) and everything below; nothing in the system's rules imports it.
"""
