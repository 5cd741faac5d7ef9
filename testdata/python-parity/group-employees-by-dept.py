employees = [
    {"name": "Ana", "dept": "Engineering", "salary": 125000, "start": "2019-03-01"},
    {"name": "Ben", "dept": "Sales", "salary": 78000, "start": "2021-07-15"},
    {"name": "Chloe", "dept": "Engineering", "salary": 142000, "start": "2016-11-20"},
    {"name": "Dev", "dept": "Marketing", "salary": 91000, "start": "2020-01-06"},
    {"name": "Eli", "dept": "Sales", "salary": 83000, "start": "2018-05-30"},
    {"name": "Fay", "dept": "Engineering", "salary": 118000, "start": "2022-09-12"},
    {"name": "Gus", "dept": "Marketing", "salary": 67000, "start": "2023-02-01"},
]

groups = {}
for e in employees:
    groups.setdefault(e["dept"], []).append(e)

report = {}
for dept, people in sorted(groups.items()):
    people.sort(key=lambda p: p["start"])
    salaries = [p["salary"] for p in people]
    report[dept] = {
        "headcount": len(people),
        "payroll": sum(salaries),
        "max": max(salaries),
        "most_senior": people[0]["name"],
    }
    print(f"{dept}: {', '.join(p['name'] for p in people)}")

return report
